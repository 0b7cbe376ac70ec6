import type { CoinSpinResult } from '@app/contracts/coin-spin';
import { DAILY_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** The day's free spin; the server draws it (provably fair) and pays it before answering. */
export function spinCoinWheel(id: number): Promise<CoinSpinResult> {
  return request<CoinSpinResult>(DAILY_PATHS.coinSpinPlay.replace(':id', String(id)), {
    method: 'POST',
    data: {},
    // A refusal (e.g. a self-excluded member's 403) is a toast on the wheel, not a trip home.
    redirectOnStatus: false,
  });
}
