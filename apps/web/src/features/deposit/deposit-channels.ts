import type { DepositChannel } from '@app/contracts/deposit';

/**
 * The two ways to pay (docs/decisions.md, "Deposits"): the M-PESA channel prompts the member's own
 * registered number at once (hall `mpesa`); every other channel goes through the pay service, whose form
 * asks which number pays (hall `panpay`). Whatever a page lists, the hall that opens is always the one the
 * server's top-up answer names.
 */
export const OWN_NUMBER_CHANNEL_CODE = 'MPESA';

export function isOwnNumberChannel(channel: DepositChannel): boolean {
  return channel.channelCode === OWN_NUMBER_CHANNEL_CODE;
}

export function isPayServiceChannel(channel: DepositChannel): boolean {
  return !isOwnNumberChannel(channel);
}
