import { describe, expect, it } from 'vitest';
import { ERRORS } from '@app/contracts/errors';
import { GAME_SESSION_HEADER } from '@app/contracts/inhouse';
import { CRASH_PATHS } from '@app/contracts/paths';
import { callApi } from '../../../../test/api-client.ts';
import { useTestApp } from '../../../../test/test-app.ts';

/**
 * Load shedding of crash bets (issue 24, bench:crash): past CRASH_BETS_IN_FLIGHT bets in the works, a new
 * one is answered "try again" before any work, even the session's lookup. With the cap at 0 every bet is.
 */
const ctx = useTestApp({ CRASH_BETS_IN_FLIGHT: '0' });

describe('a process at its cap of crash bets', () => {
  it('answers a new bet "try again" before looking at its session; other calls go on', async () => {
    const headers = { [GAME_SESSION_HEADER]: 'no-such-session' };
    const bet = await callApi(ctx, CRASH_PATHS.bet, { headers, json: { stake: 100_00 } });
    expect(bet.status).toBe(429);
    expect(bet.code).toBe(ERRORS.RATE_LIMITED.code);
    const cashOut = await callApi(ctx, CRASH_PATHS.cashout, { headers, json: {} });
    expect(cashOut.code).toBe(ERRORS.GAME_SESSION_INVALID.code);
  });
});
