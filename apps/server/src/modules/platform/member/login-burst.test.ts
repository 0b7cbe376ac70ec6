import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@app/contracts/errors';
import { MEMBER_PATHS } from '@app/contracts/paths';
import { callApi, newMobile, registerMember, type Answer } from '../../../../test/api-client.ts';
import { countRows } from '../../../../test/factory.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { LOGIN_LIMITS } from './abuse-limits.ts';

/**
 * Password guessing in parallel (issue 12 §2). Run on PostgreSQL (DATABASE_URL) to be a real race: there
 * the requests' statements truly interleave; PGlite serialises them.
 */
const ctx = useTestApp();

const login = (mobile: string, password: string, ip: string) =>
  callApi(ctx, MEMBER_PATHS.login, { form: { mobile, password }, ip });

const codesOf = (answers: Answer[]) => ({
  checked: answers.filter((answer) => answer.code === ERRORS.LOGIN_FAILED.code).length,
  locked: answers.filter((answer) => answer.code === ERRORS.LOGIN_LOCKED.code).length,
  other: answers.filter(
    (answer) => answer.code !== ERRORS.LOGIN_FAILED.code && answer.code !== ERRORS.LOGIN_LOCKED.code,
  ),
});

/** A throttle row: attempts counted, and how many seconds from now its lock lasts at most (0 if none). */
async function throttle(key: string) {
  const row = await ctx.db
    .selectFrom('login_throttle')
    .select([
      'failures',
      sql<number>`greatest(0, ceil(extract(epoch from (coalesce(locked_until, now()) - now()))))`.as(
        'seconds',
      ),
    ])
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return {
    failures: row.failures,
    lockedForAtMost:
      Number(row.seconds) <= LOGIN_LIMITS.firstDelaySeconds
        ? LOGIN_LIMITS.firstDelaySeconds
        : Number(row.seconds),
  };
}

/** Time passes for a throttle key: its lock ends now (instead of waiting seconds in a test). */
async function endLock(key: string): Promise<void> {
  await ctx.db
    .updateTable('login_throttle')
    .set({ locked_until: sql<Date>`now() - interval '1 second'` })
    .where('key', '=', key)
    .execute();
}

describe('a burst of parallel wrong passwords', () => {
  it('on one account checks only the free attempts; the owner then waits 2 s, as docs/api.md says', async () => {
    const owner = await registerMember(ctx, newMobile('0722'));
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, index) => login(owner.mobile, `wrong-${index}`, `10.9.${index}.1`)),
    );
    const { checked, locked, other } = codesOf(burst);
    expect(other).toEqual([]);
    expect(checked).toBe(LOGIN_LIMITS.accountFreeFailures);
    expect(locked).toBe(60 - LOGIN_LIMITS.accountFreeFailures);

    // docs/api.md: 5 free failed logins, then a lock doubling from 2 s. The burst counted only what it
    // checked, so the owner waits at most 2 s (read from the row: on a loaded machine the burst itself
    // may outlast the lock).
    expect(await throttle(`login:mobile:${owner.mobile}`)).toMatchObject({
      failures: LOGIN_LIMITS.accountFreeFailures,
      lockedForAtMost: LOGIN_LIMITS.firstDelaySeconds,
    });

    await endLock(`login:mobile:${owner.mobile}`);
    const back = await login(owner.mobile, 'secret12', '10.9.200.1');
    expect(back.code, back.msg).toBe(0);
    // A success clears the account's count: the next wrong password is a free one again.
    expect((await login(owner.mobile, 'wrong', '10.9.200.2')).code).toBe(ERRORS.LOGIN_FAILED.code);
  });

  it('from one address checks only its free attempts, over many accounts', async () => {
    const ip = '10.8.0.1';
    const player = await registerMember(ctx, newMobile('0724'), { ip: '10.8.9.9' });
    const victims = Array.from({ length: 80 }, () => newMobile('0723').mobile);
    const burst = await Promise.all(victims.map((mobile) => login(mobile, 'guess-123', ip)));
    const { checked, locked, other } = codesOf(burst);
    expect(other).toEqual([]);
    expect(checked).toBe(LOGIN_LIMITS.ipFreeFailures);
    expect(locked).toBe(80 - LOGIN_LIMITS.ipFreeFailures);

    expect(await throttle(`login:ip:${ip}`)).toMatchObject({
      failures: LOGIN_LIMITS.ipFreeFailures,
      lockedForAtMost: LOGIN_LIMITS.firstDelaySeconds,
    });
    // A real player behind that address waits for the address's lock (here still 30 s), then logs in.
    await ctx.db
      .updateTable('login_throttle')
      .set({ locked_until: sql<Date>`now() + interval '30 seconds'` })
      .where('key', '=', `login:ip:${ip}`)
      .execute();
    expect((await login(player.mobile, 'secret12', ip)).code).toBe(ERRORS.LOGIN_LOCKED.code);
    await endLock(`login:ip:${ip}`);
    expect((await login(player.mobile, 'secret12', ip)).code).toBe(0);
    // The refused attempt cost the player's account nothing.
    expect(await countRows(ctx, 'login_throttle', { key: `login:mobile:${player.mobile}` })).toBe(0);
  });

  it('on the password change and re-authentication of a logged-in member is limited the same way', async () => {
    const member = await registerMember(ctx, newMobile('0725'));
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        index % 2
          ? callApi(ctx, MEMBER_PATHS.modifyPassword, {
              form: { oldPassword: `wrong-${index}`, password: 'newpass1', confirmPassword: 'newpass1' },
              token: member.token,
            })
          : callApi(ctx, MEMBER_PATHS.reauthenticate, {
              form: { password: `wrong-${index}` },
              token: member.token,
            }),
      ),
    );
    const wrong = burst.filter(
      (answer) => answer.code === ERRORS.OLD_PASSWORD_WRONG.code || answer.code === ERRORS.LOGIN_FAILED.code,
    );
    const locked = burst.filter((answer) => answer.code === ERRORS.LOGIN_LOCKED.code);
    expect(wrong).toHaveLength(LOGIN_LIMITS.accountFreeFailures);
    expect(locked).toHaveLength(30 - LOGIN_LIMITS.accountFreeFailures);
  });
});
