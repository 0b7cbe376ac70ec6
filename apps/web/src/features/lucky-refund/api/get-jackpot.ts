import type { Jackpot } from '@app/contracts/lucky-refund';
import { LUCKY_REFUND_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** The jackpot now (the ticker asks every 2 s while the open round's page is shown). */
export function getJackpot(signal?: AbortSignal): Promise<Jackpot> {
  return request<Jackpot>(LUCKY_REFUND_PATHS.jackpot, { signal });
}
