import type { DiamondSpinBetResult } from '@app/contracts/diamonds';
import { DIAMOND_SPIN_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** `diamond-spin/bet {index}`; `requestId` names the tap, so a retry is the same spin. */
export function spinDiamondWheel(index: number, requestId: string): Promise<DiamondSpinBetResult> {
  return request<DiamondSpinBetResult>(DIAMOND_SPIN_PATHS.bet, {
    method: 'POST',
    data: { index, requestId },
  });
}
