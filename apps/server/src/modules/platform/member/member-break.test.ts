import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ERRORS } from '@app/contracts/errors';
import { ACCOUNT_PATHS, MEMBER_PATHS } from '@app/contracts/paths';
import { callApi } from '../../../../test/api-client.ts';
import { newMember } from '../../../../test/factory.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { lockMemberInGoodStanding } from './member.service.ts';

/**
 * Time-outs (issue 25 §3; docs/compliance.md "Breaks that hold"): a player takes a break within the
 * market's range; every session ends, login is refused until it ends, no promotion pays meanwhile, and the
 * first login after it has ended works again.
 */
const ctx = useTestApp();

const login = (mobile: string) =>
  callApi(ctx, MEMBER_PATHS.login, { form: { mobile, password: 'secret12' } });

const inGoodStanding = (memberId: number) =>
  ctx.db.transaction().execute((trx) => lockMemberInGoodStanding(trx, memberId));

describe('a time-out', () => {
  it('ends every session, refuses login until it ends, pays no promotion, then lets the player back', async () => {
    const player = await newMember(ctx);
    const taken = await callApi(ctx, MEMBER_PATHS.takeBreak, { token: player.token, json: { hours: 24 } });
    expect(taken.code, taken.msg).toBe(0);
    const hours = (taken.data.endsAt - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const oldSession = await callApi(ctx, ACCOUNT_PATHS.balance, { method: 'GET', token: player.token });
    expect(oldSession.status).toBe(401);
    const refused = await login(player.mobile);
    expect(refused.code).toBe(ERRORS.ON_BREAK.code);
    expect(refused.msg).toContain('taking a break');
    expect(await inGoodStanding(player.id)).toBe(false);

    // As if the day had passed (the database's clock judges the break).
    await sql`update member_break set ends_at = now() - interval '1 second' where member_id = ${player.id}`.execute(
      ctx.db,
    );
    const back = await login(player.mobile);
    expect(back.code, back.msg).toBe(0);
    expect(await inGoodStanding(player.id)).toBe(true);
  });

  it('is offered only within the market’s range (Kenya: a day to six weeks)', async () => {
    const player = await newMember(ctx);
    for (const hours of [1, 23, 6 * 7 * 24 + 1]) {
      const answer = await callApi(ctx, MEMBER_PATHS.takeBreak, { token: player.token, json: { hours } });
      expect(answer.code, String(hours)).toBe(ERRORS.BREAK_LENGTH.code);
    }
    for (const hours of ['0x18', -24, 'a day']) {
      const answer = await callApi(ctx, MEMBER_PATHS.takeBreak, { token: player.token, json: { hours } });
      expect(answer.status, String(hours)).toBe(400);
    }
    expect((await login(player.mobile)).code).toBe(0);
    const six = await callApi(ctx, MEMBER_PATHS.takeBreak, {
      token: player.token,
      json: { hours: 6 * 7 * 24 },
    });
    expect(six.code, six.msg).toBe(0);
    expect((await login(player.mobile)).code).toBe(ERRORS.ON_BREAK.code);
  });
});
