import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useSettings } from '../../lib/settings.ts';

/**
 * How a withdrawal is confirmed (spec §4). The theme decides it here, in one place: LuckyWin's Next opens
 * the preview page, which submits; WinSlots' Withdraw submits at once and shows a confirmation overlay.
 */
export type WithdrawFlow = 'preview' | 'overlay';

export function useWithdrawFlow(): WithdrawFlow {
  return useSettings().theme === 'luckywin' ? 'preview' : 'overlay';
}

export const PREVIEW_PATH = PAGE_PATHS.withdrawPreview;

/** The preview page's parameters (spec §3): payType, channelCode, account, coins, fee, money, enableTaxOfWithdraw. */
export type PreviewParams = {
  /** The channel's id (payChannel). */
  payType: number;
  channelCode: string;
  /** The number paid, masked, as shown. */
  account: string;
  /** What the member typed, major units. */
  coins: string;
  /** Minor units. */
  fee: number;
  /** Minor units. */
  money: number;
  enableTaxOfWithdraw: boolean;
};

export function previewSearch(params: PreviewParams): string {
  return new URLSearchParams({
    payType: String(params.payType),
    channelCode: params.channelCode,
    account: params.account,
    coins: params.coins,
    fee: String(params.fee),
    money: String(params.money),
    enableTaxOfWithdraw: params.enableTaxOfWithdraw ? '1' : '0',
  }).toString();
}

/** The parameters back from the address; undefined when one is missing or not a number. */
export function readPreviewParams(search: URLSearchParams): PreviewParams | undefined {
  const payType = Number(search.get('payType'));
  const fee = Number(search.get('fee'));
  const money = Number(search.get('money'));
  const channelCode = search.get('channelCode') ?? '';
  if (!Number.isSafeInteger(payType) || payType <= 0 || channelCode === '') return undefined;
  if (!Number.isSafeInteger(money) || money <= 0 || !Number.isSafeInteger(fee) || fee < 0) return undefined;
  return {
    payType,
    channelCode,
    account: search.get('account') ?? '',
    coins: search.get('coins') ?? '',
    fee,
    money,
    enableTaxOfWithdraw: search.get('enableTaxOfWithdraw') === '1',
  };
}
