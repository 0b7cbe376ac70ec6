import { ERRORS } from '@app/contracts/errors';
import { generateKeyPairSync, randomUUID, sign, verify, type KeyObject } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, GAME_PATHS, MEMBER_PATHS, PROVIDER_PATHS } from '@app/contracts/paths';
import { callApi } from '../../../../test/api-client.ts';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants.ts';
import { countRows, grantTestBonus, newMember, openMemberGameSession } from '../../../../test/factory.ts';
import { createTestApp, useTestApp } from '../../../../test/test-app.ts';
import { loadProviderKeys } from '../../../adapters/outside-world.ts';
import { EnvError, loadEnv } from '../../../env.ts';
import { closeGameSession, openGameSession, resolveGameSession } from '../catalogue/game-session.service.ts';
import { findPostedTransaction, getBalances } from '../../platform/wallet/wallet.service.ts';
import { hub88UserFor } from './hub88-protocol.ts';

/**
 * Hub88's operator wallet API through the app (`inject`) on a real database: every status, replays,
 * orderings (rollback before bet, double rollback, rollback after win, win after rollback), expired
 * tokens, signatures, hostile bodies, and parallel bets that must never overdraw.
 */

const KES = 100; // minor units per shilling
const UNITS = 1000; // Hub88 units per minor unit (KES is kept in hundredths; Hub88 × 100 000)
const GAME_CODE = 'test_hub88_fruits';
// The test games take 1 to 10,000 shillings, but Kenya's law sets the lowest stake at 20 (the country
// profile's minStake): that is the least a bet may be.
const GAME_MIN_STAKE = KES;
const MIN_STAKE = 20 * KES;
const MAX_STAKE = 10000 * KES;

const pem = (key: KeyObject, type: 'spki' | 'pkcs8') => key.export({ type, format: 'pem' }).toString();
const providerKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const operatorKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const strangerKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });

const ctx = useTestApp({
  PROVIDER_PUBLIC_KEY: pem(providerKeys.publicKey, 'spki'),
  PROVIDER_PRIVATE_KEY: pem(operatorKeys.privateKey, 'pkcs8'),
  PROVIDER_LAUNCH_URL: 'http://provider.test/hub88/games/launch',
});
let gameId: number;
let otherGameId: number;

beforeAll(async () => {
  const game = (code: string, name: string, options: { enabled?: boolean; inhouse?: boolean } = {}) =>
    ctx.db
      .insertInto('game')
      .values({
        code,
        name,
        supplier_id: options.inhouse ? 'winslots' : 'hub88test',
        source: options.inhouse ? 'inhouse' : 'provider',
        provider: options.inhouse ? null : 'hub88',
        min_stake: GAME_MIN_STAKE,
        max_stake: MAX_STAKE,
        rtp: 9600,
        enabled: options.enabled ?? true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  gameId = (await game(GAME_CODE, 'Test Fruits')).id;
  otherGameId = (await game('test_hub88_sevens', 'Test Sevens')).id;
  await game('test_hub88_disabled', 'Switched Off', { enabled: false });
  await game('test_inhouse_dice', 'Test Dice', { inhouse: true });
});

type Answer = {
  user: string;
  status: string;
  request_uuid: string;
  currency?: string;
  balance?: number;
  country?: string;
};

/** Posts a body signed with the provider's key (or as told) and checks that OUR answer is signed. */
async function call(
  action: string,
  body: unknown,
  options: { signature?: string | null; signWith?: KeyObject; contentType?: string | null } = {},
): Promise<Answer> {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const signature =
    options.signature === undefined
      ? sign('sha256', Buffer.from(raw), options.signWith ?? providerKeys.privateKey).toString('base64')
      : options.signature;
  const response = await ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}/provider/hub88/${action}`,
    headers: {
      ...(options.contentType === null ? {} : { 'content-type': options.contentType ?? 'application/json' }),
      ...(signature === null ? {} : { 'x-hub88-signature': signature }),
    },
    payload: raw,
  });
  expect(response.statusCode).toBe(200);
  const answerSignature = response.headers['x-hub88-signature'];
  expect(typeof answerSignature).toBe('string');
  expect(
    verify(
      'sha256',
      Buffer.from(response.body),
      operatorKeys.publicKey,
      Buffer.from(String(answerSignature), 'base64'),
    ),
    'our answer is signed with our key',
  ).toBe(true);
  return response.json<Answer>();
}

let members = 0;

type Player = {
  memberId: number;
  user: string;
  token: string;
  sessionId: number;
  memberToken: string;
  mobile: string;
  ip: string;
};

/**
 * A registered member with `cash` (minor units, all withdrawable) and a real-money session of a game,
 * opened by the app's launch call from their login, as a player opens one: the session remembers that
 * login, which holds the right to bet until a later login elsewhere takes it.
 */
async function player(
  options: { cash?: number; withdrawable?: number; game?: number } = {},
): Promise<Player> {
  members += 1;
  const ip = `10.9.${members}.1`;
  const cash = options.cash ?? 1000 * KES;
  const withdrawable = options.withdrawable ?? cash;
  const registered = await newMember(ctx, { cash: withdrawable, bonus: cash - withdrawable, ip });
  const memberId = registered.id;
  const launched = await callApi(ctx, GAME_PATHS.launch, {
    form: { id: String(options.game ?? gameId), mode: 'launch' },
    token: registered.token,
    ip,
  });
  expect(launched.code, launched.msg).toBe(0);
  const token = new URL(launched.data.url).searchParams.get('token') ?? '';
  const session = await resolveGameSession(ctx.db, token);
  if (!session) throw new Error('the launch opened no session');
  return {
    memberId,
    user: hub88UserFor(memberId),
    token,
    sessionId: session.id,
    memberToken: registered.token,
    mobile: registered.mobile,
    ip,
  };
}

let rounds = 0;

function betBody(p: Player, overrides: Record<string, unknown> = {}) {
  rounds += 1;
  return {
    user: p.user,
    transaction_uuid: randomUUID(),
    supplier_transaction_id: `sup-${rounds}`,
    token: p.token,
    supplier_user: `sim-${p.user}`,
    round_closed: false,
    round: `round-${rounds}`,
    reward_uuid: null,
    request_uuid: randomUUID(),
    is_free: false,
    is_aggregated: false,
    game_code: GAME_CODE,
    currency: 'KES',
    bet: 'spin',
    amount: 100 * KES * UNITS,
    meta: { selection: 'home_team' },
    ...overrides,
  };
}

function winBody(
  p: Player,
  bet: { transaction_uuid: string; round: string },
  overrides: Record<string, unknown> = {},
) {
  return {
    ...betBody(p),
    round: bet.round,
    round_closed: true,
    reference_transaction_uuid: bet.transaction_uuid,
    amount: 250 * KES * UNITS,
    ...overrides,
  };
}

function rollbackBody(
  p: Player,
  bet: { transaction_uuid: string; round: string },
  overrides: Record<string, unknown> = {},
) {
  return {
    user: p.user,
    transaction_uuid: randomUUID(),
    supplier_transaction_id: `sup-rb-${rounds}`,
    token: p.token,
    round_closed: true,
    round: bet.round,
    request_uuid: randomUUID(),
    reference_transaction_uuid: bet.transaction_uuid,
    game_code: GAME_CODE,
    meta: {},
    ...overrides,
  };
}

const cashOf = async (p: Player) => (await getBalances(ctx.db, p.memberId)).cash;
const balancesOf = (p: Player) => getBalances(ctx.db, p.memberId);

async function roundOf(round: string) {
  return ctx.db
    .selectFrom('game_round')
    .selectAll()
    .where('game_id', '=', gameId)
    .where('provider_round', '=', round)
    .executeTakeFirst();
}

async function providerRow(transactionUuid: string) {
  return ctx.db
    .selectFrom('provider_transaction')
    .selectAll()
    .where('provider', '=', 'hub88')
    .where('transaction_uuid', '=', transactionUuid)
    .executeTakeFirst();
}

/** The journal transactions of a member: a refused call must add none. */
function ledgerCountOf(p: Player): Promise<number> {
  return countRows(ctx, 'journal_transaction', { member_id: p.memberId });
}

describe('configuration', () => {
  it('needs both keys or neither, and keys that load', () => {
    const publicKey = pem(providerKeys.publicKey, 'spki');
    const privateKey = pem(operatorKeys.privateKey, 'pkcs8');
    expect(loadProviderKeys(loadEnv({}))).toBeUndefined();
    expect(() => loadProviderKeys(loadEnv({ PROVIDER_PUBLIC_KEY: publicKey }))).toThrow(EnvError);
    expect(() =>
      loadProviderKeys(loadEnv({ PROVIDER_PUBLIC_KEY: publicKey, PROVIDER_PRIVATE_KEY: '/no/such/key.pem' })),
    ).toThrow(/PROVIDER_PRIVATE_KEY/);
    // PEM text with its newlines escaped, as environment variables often carry it.
    const keys = loadProviderKeys(
      loadEnv({ PROVIDER_PUBLIC_KEY: publicKey.replaceAll('\n', '\\n'), PROVIDER_PRIVATE_KEY: privateKey }),
    );
    expect(keys?.providerPublicKey.asymmetricKeyType).toBe('rsa');
  });

  it('serves the routes under /api/provider/hub88 only when configured', async () => {
    expect(PROVIDER_PATHS.hub88Bet).toBe('/provider/hub88/transaction/bet');
    const bare = await createTestApp();
    try {
      const response = await bare.app.inject({
        method: 'POST',
        url: `${API_BASE}${PROVIDER_PATHS.hub88Bet}`,
        payload: {},
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('user/info and user/balance', () => {
  it('answers the member with a user id of at least 4 characters, the country, currency and balance', async () => {
    const p = await player({ cash: 1230 * KES + 45 });
    const request_uuid = randomUUID();
    const answer = await call('user/info', { user: p.user, request_uuid });
    expect(answer).toEqual({
      user: p.user,
      status: 'RS_OK',
      request_uuid,
      country: 'KE',
      currency: 'KES',
      balance: (1230 * KES + 45) * UNITS,
    });
    expect(p.user.length).toBeGreaterThanOrEqual(4);
    expect(p.user).toMatch(/^\d+$/);
  });

  it('answers RS_ERROR_INVALID_TOKEN for a user we never issued', async () => {
    for (const user of ['99999999', 'abcd', '0000001x', '1234567']) {
      expect((await call('user/info', { user, request_uuid: randomUUID() })).status).toBe(
        'RS_ERROR_INVALID_TOKEN',
      );
    }
  });

  it('answers the balance in Hub88 units (the real value × 100 000) for the token', async () => {
    const p = await player({ cash: 500 * KES });
    const request_uuid = randomUUID();
    expect(
      await call('user/balance', { user: p.user, token: p.token, request_uuid, game_code: GAME_CODE }),
    ).toEqual({ user: p.user, status: 'RS_OK', request_uuid, currency: 'KES', balance: 500 * 100_000 });
    // Our launch address carries the token only: a balance read without `user` names the token's member.
    expect(await call('user/balance', { token: p.token, request_uuid })).toMatchObject({
      user: p.user,
      status: 'RS_OK',
      balance: 500 * 100_000,
    });
  });

  it('answers RS_ERROR_INVALID_TOKEN for an unknown token, a demo session, or another member', async () => {
    const p = await player();
    const q = await player();
    const demo = await openGameSession(ctx.db, {
      memberId: null,
      gameId,
      mode: 'demo',
      currency: 'KES',
      demoBalance: 100_000,
    });
    for (const body of [
      { user: p.user, token: 'no-such-token-0123456789', request_uuid: randomUUID() },
      { user: p.user, token: demo.token, request_uuid: randomUUID() },
      { user: q.user, token: p.token, request_uuid: randomUUID() },
    ]) {
      const answer = await call('user/balance', body);
      expect(answer.status).toBe('RS_ERROR_INVALID_TOKEN');
      expect(answer.balance).toBeUndefined();
      expect(answer.request_uuid).toBe(body.request_uuid);
    }
  });

  it('answers a balance read on an expired token (only new bets need a live one)', async () => {
    const p = await player({ cash: 70 * KES });
    await closeGameSession(ctx.db, p.sessionId);
    expect(
      await call('user/balance', { user: p.user, token: p.token, request_uuid: randomUUID() }),
    ).toMatchObject({
      status: 'RS_OK',
      balance: 70 * KES * UNITS,
    });
  });
});

describe('transaction/bet', () => {
  it('takes the stake to the house shard and answers the new balance; the round is open', async () => {
    const p = await player({ cash: 1000 * KES });
    const body = betBody(p, { amount: 120 * KES * UNITS + 340 * UNITS });
    const answer = await call('transaction/bet', body);
    expect(answer).toEqual({
      user: p.user,
      status: 'RS_OK',
      request_uuid: body.request_uuid,
      currency: 'KES',
      balance: (1000 * KES - 120 * KES - 340) * UNITS,
    });
    expect(await cashOf(p)).toBe(1000 * KES - 120 * KES - 340);
    const journalId = await findPostedTransaction(ctx.db, `game:hub88:${body.transaction_uuid}`);
    expect(journalId).toBeDefined();
    expect(await providerRow(body.transaction_uuid)).toMatchObject({
      kind: 'bet',
      state: 'done',
      amount: 120 * KES + 340,
      member_id: p.memberId,
      journal_transaction_id: journalId,
    });
    expect(await roundOf(body.round)).toMatchObject({
      member_id: p.memberId,
      session_id: p.sessionId,
      mode: 'launch',
      stake: 120 * KES + 340,
      payout: 0,
      state: 'open',
      bet_transaction_id: journalId,
    });
  });

  it('answers RS_ERROR_NOT_ENOUGH_MONEY with the actual balance and changes nothing', async () => {
    const p = await player({ cash: 50 * KES });
    const body = betBody(p, { amount: 60 * KES * UNITS });
    const answer = await call('transaction/bet', body);
    expect(answer).toEqual({
      user: p.user,
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      request_uuid: body.request_uuid,
      currency: 'KES',
      balance: 50 * KES * UNITS,
    });
    expect(await cashOf(p)).toBe(50 * KES);
    expect(await providerRow(body.transaction_uuid)).toBeUndefined();
    expect(await roundOf(body.round)).toBeUndefined();
  });

  it('replays an identical bet with RS_OK and the CURRENT balance, taking the stake once', async () => {
    const p = await player({ cash: 1000 * KES });
    const body = betBody(p);
    expect((await call('transaction/bet', body)).balance).toBe(900 * KES * UNITS);
    // Something else moves the balance in between; the replay reports it as it is now.
    await call('transaction/bet', betBody(p, { amount: 50 * KES * UNITS }));
    const replay = await call('transaction/bet', { ...body, request_uuid: randomUUID() });
    expect(replay).toMatchObject({ status: 'RS_OK', balance: 850 * KES * UNITS });
    expect(await cashOf(p)).toBe(850 * KES);
    expect((await roundOf(body.round))?.stake).toBe(100 * KES);
  });

  it('answers RS_ERROR_DUPLICATE_TRANSACTION for the same transaction_uuid with other content', async () => {
    const p = await player({ cash: 1000 * KES });
    const q = await player({ cash: 1000 * KES });
    const body = betBody(p);
    await call('transaction/bet', body);
    for (const changed of [
      { amount: 110 * KES * UNITS },
      { round: 'another-round' },
      { currency: 'KES', amount: body.amount + UNITS },
    ]) {
      const answer = await call('transaction/bet', { ...body, ...changed, request_uuid: randomUUID() });
      expect(answer.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    }
    // Another player reusing the id, and a win reusing a bet's id, are duplicates too.
    expect(
      (await call('transaction/bet', { ...betBody(q), transaction_uuid: body.transaction_uuid })).status,
    ).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(
      (await call('transaction/win', { ...winBody(p, body), transaction_uuid: body.transaction_uuid }))
        .status,
    ).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await cashOf(p)).toBe(900 * KES);
    expect(await cashOf(q)).toBe(1000 * KES);
  });

  it('refuses a bet on an expired token with RS_ERROR_TOKEN_EXPIRED', async () => {
    const p = await player({ cash: 1000 * KES });
    await closeGameSession(ctx.db, p.sessionId);
    const answer = await call('transaction/bet', betBody(p));
    expect(answer).toMatchObject({ status: 'RS_ERROR_TOKEN_EXPIRED', balance: 1000 * KES * UNITS });
    expect(await cashOf(p)).toBe(1000 * KES);
  });

  it('answers an identical replay of a bet made before the token expired with RS_OK', async () => {
    const p = await player({ cash: 1000 * KES });
    const body = betBody(p);
    await call('transaction/bet', body);
    await closeGameSession(ctx.db, p.sessionId);
    expect((await call('transaction/bet', body)).status).toBe('RS_OK');
    expect(await cashOf(p)).toBe(900 * KES);
  });

  it('answers an identical replay with RS_OK after its game was switched off or its stakes changed', async () => {
    const p = await player({ cash: 1000 * KES, game: otherGameId });
    const body = betBody(p, { game_code: 'test_hub88_sevens' });
    await call('transaction/bet', body);
    await ctx.db
      .updateTable('game')
      .set({ enabled: false, min_stake: 500 * KES })
      .where('id', '=', otherGameId)
      .execute();
    try {
      expect(await call('transaction/bet', { ...body, request_uuid: randomUUID() })).toMatchObject({
        status: 'RS_OK',
        balance: 900 * KES * UNITS,
      });
      // A new bet meets the game as it is now.
      expect((await call('transaction/bet', betBody(p, { game_code: 'test_hub88_sevens' }))).status).toBe(
        'RS_ERROR_INVALID_GAME',
      );
    } finally {
      await ctx.db
        .updateTable('game')
        .set({ enabled: true, min_stake: MIN_STAKE })
        .where('id', '=', otherGameId)
        .execute();
    }
    expect(await cashOf(p)).toBe(900 * KES);
  });

  it('refuses a wrong currency with RS_ERROR_WRONG_CURRENCY', async () => {
    const p = await player({ cash: 1000 * KES });
    expect((await call('transaction/bet', betBody(p, { currency: 'EUR' }))).status).toBe(
      'RS_ERROR_WRONG_CURRENCY',
    );
    expect(await cashOf(p)).toBe(1000 * KES);
  });

  it('refuses an amount that is not a whole number of our minor units (never rounds it)', async () => {
    const p = await player({ cash: 1000 * KES });
    for (const amount of [100 * KES * UNITS + 1, 999, 1500, 100 * KES * UNITS + 500]) {
      expect((await call('transaction/bet', betBody(p, { amount }))).status).toBe('RS_ERROR_WRONG_SYNTAX');
    }
    expect(await cashOf(p)).toBe(1000 * KES);
  });

  it('refuses a game that is unknown, disabled, not a provider game or not the session’s with RS_ERROR_INVALID_GAME', async () => {
    const p = await player({ cash: 1000 * KES });
    for (const game_code of [
      'no_such_game',
      'test_hub88_disabled',
      'test_inhouse_dice',
      'test_hub88_sevens',
    ]) {
      expect((await call('transaction/bet', betBody(p, { game_code }))).status).toBe('RS_ERROR_INVALID_GAME');
    }
    expect(await cashOf(p)).toBe(1000 * KES);
  });

  it('refuses a self-excluded member with RS_ERROR_USER_DISABLED', async () => {
    const p = await player({ cash: 1000 * KES });
    const excluded = await callApi(ctx, MEMBER_PATHS.selfExclusion, {
      form: { content: 'Pause2026' },
      token: p.memberToken,
    });
    expect(excluded.code).toBe(0);
    expect((await call('transaction/bet', betBody(p))).status).toBe('RS_ERROR_USER_DISABLED');
    expect((await call('user/info', { user: p.user, request_uuid: randomUUID() })).status).toBe(
      'RS_ERROR_USER_DISABLED',
    );
    expect(
      (await call('user/balance', { user: p.user, token: p.token, request_uuid: randomUUID() })).status,
    ).toBe('RS_ERROR_USER_DISABLED');
    expect(await cashOf(p)).toBe(1000 * KES);
  });

  it('refuses a member below verified (Kenya gates play) with RS_ERROR_USER_DISABLED, and their launch with KYC_REQUIRED', async () => {
    const ip = '10.9.250.1';
    const member = await newMember(ctx, { cash: 1000 * KES, kyc: 'pending', ip });
    const launched = await callApi(ctx, GAME_PATHS.launch, {
      form: { id: String(gameId), mode: 'launch' },
      token: member.token,
      ip,
    });
    expect(launched.code).toBe(ERRORS.KYC_REQUIRED.code);
    // A session opened otherwise (before the gate, say) bets nothing either: the check is at every bet.
    const { token, sessionId } = await openMemberGameSession(ctx, member.id, gameId);
    const p: Player = {
      memberId: member.id,
      user: hub88UserFor(member.id),
      token,
      sessionId,
      memberToken: member.token,
      mobile: member.mobile,
      ip,
    };
    expect((await call('transaction/bet', betBody(p))).status).toBe('RS_ERROR_USER_DISABLED');
    expect(await cashOf(p)).toBe(1000 * KES);
  });

  it('refuses a token that is unknown, a demo, or another member’s with RS_ERROR_INVALID_TOKEN', async () => {
    const p = await player({ cash: 1000 * KES });
    const q = await player({ cash: 1000 * KES });
    const demo = await openGameSession(ctx.db, {
      memberId: null,
      gameId,
      mode: 'demo',
      currency: 'KES',
      demoBalance: 1,
    });
    for (const overrides of [{ token: 'x'.repeat(43) }, { token: demo.token }, { user: q.user }]) {
      expect((await call('transaction/bet', betBody(p, overrides))).status).toBe('RS_ERROR_INVALID_TOKEN');
    }
    expect(await cashOf(p)).toBe(1000 * KES);
    expect(await cashOf(q)).toBe(1000 * KES);
  });

  it('records a zero stake without a journal transaction', async () => {
    const p = await player({ cash: 1000 * KES });
    const body = betBody(p, { amount: 0 });
    expect(await call('transaction/bet', body)).toMatchObject({
      status: 'RS_OK',
      balance: 1000 * KES * UNITS,
    });
    expect(await providerRow(body.transaction_uuid)).toMatchObject({
      amount: 0,
      journal_transaction_id: null,
    });
    expect(await findPostedTransaction(ctx.db, `game:hub88:${body.transaction_uuid}`)).toBeUndefined();
  });

  it('refuses a free bet (no free-bet campaign is run through Hub88)', async () => {
    const p = await player({ cash: 1000 * KES });
    expect((await call('transaction/bet', betBody(p, { is_free: true }))).status).toBe('RS_ERROR_UNKNOWN');
    expect(await cashOf(p)).toBe(1000 * KES);
  });

  it('never merges two players into one round', async () => {
    const p = await player({ cash: 1000 * KES });
    const q = await player({ cash: 1000 * KES });
    const first = betBody(p);
    await call('transaction/bet', first);
    expect((await call('transaction/bet', betBody(q, { round: first.round }))).status).toBe(
      'RS_ERROR_UNKNOWN',
    );
    expect(await cashOf(q)).toBe(1000 * KES);
  });

  it('adds several bets of one round up, and closes the round when told', async () => {
    const p = await player({ cash: 1000 * KES });
    const first = betBody(p, { amount: 20 * KES * UNITS });
    await call('transaction/bet', first);
    await call(
      'transaction/bet',
      betBody(p, { round: first.round, amount: 30 * KES * UNITS, round_closed: true }),
    );
    expect(await roundOf(first.round)).toMatchObject({ stake: 50 * KES, state: 'settled' });
  });
});

describe('the rules of an in-house bet', () => {
  it('refuses a stake below the market’s legal minimum (the game’s own is lower) or above the game’s maximum with RS_ERROR_UNKNOWN, moving and recording nothing', async () => {
    // More cash than the maximum: the refusal is the limit's, not the balance's.
    const p = await player({ cash: 20000 * KES });
    const ledgerBefore = await ledgerCountOf(p);
    for (const amount of [(MIN_STAKE - 1) * UNITS, UNITS, (MAX_STAKE + 1) * UNITS, 20000 * KES * UNITS]) {
      const body = betBody(p, { amount });
      expect(await call('transaction/bet', body), `a stake of ${amount}`).toEqual({
        user: p.user,
        status: 'RS_ERROR_UNKNOWN',
        request_uuid: body.request_uuid,
        currency: 'KES',
        balance: 20000 * KES * UNITS,
      });
      expect(await providerRow(body.transaction_uuid)).toBeUndefined();
      expect(await roundOf(body.round)).toBeUndefined();
      expect(await findPostedTransaction(ctx.db, `game:hub88:${body.transaction_uuid}`)).toBeUndefined();
    }
    expect(await balancesOf(p)).toMatchObject({ cash: 20000 * KES, withdrawable: 20000 * KES });
    expect(await ledgerCountOf(p)).toBe(ledgerBefore);
  });

  it('takes a stake exactly at the minimum and exactly at the maximum', async () => {
    const p = await player({ cash: 20000 * KES });
    const ledgerBefore = await ledgerCountOf(p);
    const atMin = betBody(p, { amount: MIN_STAKE * UNITS });
    expect(await call('transaction/bet', atMin)).toMatchObject({
      status: 'RS_OK',
      balance: (20000 * KES - MIN_STAKE) * UNITS,
    });
    const atMax = betBody(p, { amount: MAX_STAKE * UNITS });
    expect(await call('transaction/bet', atMax)).toMatchObject({
      status: 'RS_OK',
      balance: (20000 * KES - MIN_STAKE - MAX_STAKE) * UNITS,
    });
    expect(await cashOf(p)).toBe(20000 * KES - MIN_STAKE - MAX_STAKE);
    expect(await providerRow(atMin.transaction_uuid)).toMatchObject({ state: 'done', amount: MIN_STAKE });
    expect(await providerRow(atMax.transaction_uuid)).toMatchObject({ state: 'done', amount: MAX_STAKE });
    expect(await roundOf(atMax.round)).toMatchObject({ stake: MAX_STAKE, state: 'open' });
    expect(await ledgerCountOf(p)).toBe(ledgerBefore + 2);
  });

  it('answers a replay of a refused bet the same; after the supplier’s rollback, as rolled back; never taking the stake', async () => {
    const p = await player({ cash: 20000 * KES });
    const ledgerBefore = await ledgerCountOf(p);
    const bet = betBody(p, { amount: (MAX_STAKE + KES) * UNITS });
    const refused = await call('transaction/bet', bet);
    expect(refused).toMatchObject({ status: 'RS_ERROR_UNKNOWN', balance: 20000 * KES * UNITS });
    // The same call again (the supplier missed our answer): the same answer, still nothing kept.
    const replay = await call('transaction/bet', { ...bet, request_uuid: randomUUID() });
    expect(replay).toEqual({ ...refused, request_uuid: replay.request_uuid });
    expect(await providerRow(bet.transaction_uuid)).toBeUndefined();

    // Hub88 suppliers roll back a bet refused with anything but not-enough-money: nothing to return, a
    // tombstone claims the id, and the bet can never be taken later, whatever the limits become.
    const rollback = rollbackBody(p, bet);
    expect(await call('transaction/rollback', rollback)).toEqual({
      user: p.user,
      status: 'RS_OK',
      request_uuid: rollback.request_uuid,
      currency: 'KES',
      balance: 20000 * KES * UNITS,
    });
    expect(await providerRow(bet.transaction_uuid)).toMatchObject({ state: 'tombstone', amount: 0 });
    expect(
      await findPostedTransaction(ctx.db, `game:hub88:rollback:${bet.transaction_uuid}`),
    ).toBeUndefined();
    expect(await call('transaction/rollback', { ...rollback, request_uuid: randomUUID() })).toMatchObject({
      status: 'RS_OK',
      balance: 20000 * KES * UNITS,
    });
    expect(await call('transaction/bet', { ...bet, request_uuid: randomUUID() })).toMatchObject({
      status: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
      balance: 20000 * KES * UNITS,
    });
    expect((await call('transaction/win', winBody(p, bet))).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');

    expect(await findPostedTransaction(ctx.db, `game:hub88:${bet.transaction_uuid}`)).toBeUndefined();
    expect(await roundOf(bet.round)).toBeUndefined();
    expect(await cashOf(p)).toBe(20000 * KES);
    expect(await ledgerCountOf(p)).toBe(ledgerBefore);
  });

  it('refuses a bet once a login on another device took the right to bet (RS_ERROR_TOKEN_EXPIRED), and still settles the bets placed before', async () => {
    const p = await player({ cash: 1000 * KES });
    const won = betBody(p);
    const rolledBack = betBody(p, { amount: 50 * KES * UNITS });
    expect((await call('transaction/bet', won)).status).toBe('RS_OK');
    expect((await call('transaction/bet', rolledBack)).status).toBe('RS_OK');
    expect(await cashOf(p)).toBe(850 * KES);

    const secondDevice = await callApi(ctx, MEMBER_PATHS.login, {
      form: { mobile: p.mobile, password: 'secret12' },
      ip: '10.99.0.1',
      deviceId: 'second-phone',
    });
    expect(secondDevice.code, secondDevice.msg).toBe(0);

    // A new bet from the first device: refused, nothing taken, nothing recorded.
    const ledgerBefore = await ledgerCountOf(p);
    const late = betBody(p);
    expect(await call('transaction/bet', late)).toEqual({
      user: p.user,
      status: 'RS_ERROR_TOKEN_EXPIRED',
      request_uuid: late.request_uuid,
      currency: 'KES',
      balance: 850 * KES * UNITS,
    });
    expect(await providerRow(late.transaction_uuid)).toBeUndefined();
    expect(await roundOf(late.round)).toBeUndefined();
    expect(await ledgerCountOf(p)).toBe(ledgerBefore);
    // ... and refused the same when retried.
    expect((await call('transaction/bet', { ...late, request_uuid: randomUUID() })).status).toBe(
      'RS_ERROR_TOKEN_EXPIRED',
    );

    // What was placed before the second login is honoured: a replay, a win, a rollback.
    expect(await call('transaction/bet', { ...won, request_uuid: randomUUID() })).toMatchObject({
      status: 'RS_OK',
      balance: 850 * KES * UNITS,
    });
    const win = winBody(p, won, { amount: 250 * KES * UNITS });
    expect(await call('transaction/win', win)).toMatchObject({
      status: 'RS_OK',
      balance: 1100 * KES * UNITS,
    });
    expect(await findPostedTransaction(ctx.db, `game:hub88:${win.transaction_uuid}`)).toBeDefined();
    expect(await roundOf(won.round)).toMatchObject({ stake: 100 * KES, payout: 250 * KES, state: 'settled' });
    expect(await call('transaction/rollback', rollbackBody(p, rolledBack))).toMatchObject({
      status: 'RS_OK',
      balance: 1150 * KES * UNITS,
    });
    expect(
      await findPostedTransaction(ctx.db, `game:hub88:rollback:${rolledBack.transaction_uuid}`),
    ).toBeDefined();
    expect(await roundOf(rolledBack.round)).toMatchObject({ stake: 0, state: 'refunded' });

    // The old game may still show the player's balance (their own money, a harmless read).
    expect(
      await call('user/balance', { user: p.user, token: p.token, request_uuid: randomUUID() }),
    ).toMatchObject({ status: 'RS_OK', balance: 1150 * KES * UNITS });
    expect((await call('user/info', { user: p.user, request_uuid: randomUUID() })).status).toBe('RS_OK');

    // The second device holds the right now: a game it launches takes bets.
    const launched = await callApi(ctx, GAME_PATHS.launch, {
      form: { id: String(gameId), mode: 'launch' },
      token: secondDevice.data.token,
      ip: '10.99.0.1',
    });
    expect(launched.code, launched.msg).toBe(0);
    const token = new URL(launched.data.url).searchParams.get('token') ?? '';
    expect(await call('transaction/bet', betBody({ ...p, token }))).toMatchObject({
      status: 'RS_OK',
      balance: 1050 * KES * UNITS,
    });
    expect(await cashOf(p)).toBe(1050 * KES);
  });
});

describe('transaction/win', () => {
  it('credits the win, all of it withdrawable, and settles the round', async () => {
    const p = await player({ cash: 1000 * KES, withdrawable: 0 });
    const bet = betBody(p);
    await call('transaction/bet', bet);
    const win = winBody(p, bet, { amount: 250 * KES * UNITS });
    expect(await call('transaction/win', win)).toEqual({
      user: p.user,
      status: 'RS_OK',
      request_uuid: win.request_uuid,
      currency: 'KES',
      balance: 1150 * KES * UNITS,
    });
    expect(await balancesOf(p)).toMatchObject({ cash: 1150 * KES, withdrawable: 250 * KES });
    const winJournal = await findPostedTransaction(ctx.db, `game:hub88:${win.transaction_uuid}`);
    expect(await roundOf(bet.round)).toMatchObject({
      stake: 100 * KES,
      payout: 250 * KES,
      state: 'settled',
      win_transaction_id: winJournal,
    });
    // Replayed: RS_OK with the balance as it is, nothing paid twice.
    expect(await call('transaction/win', { ...win, request_uuid: randomUUID() })).toMatchObject({
      status: 'RS_OK',
      balance: 1150 * KES * UNITS,
    });
    expect((await call('transaction/win', { ...win, amount: 260 * KES * UNITS })).status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
    expect(await cashOf(p)).toBe(1150 * KES);
  });

  it('records a zero win without a journal transaction and closes the round', async () => {
    const p = await player({ cash: 1000 * KES });
    const bet = betBody(p);
    await call('transaction/bet', bet);
    const win = winBody(p, bet, { amount: 0 });
    expect(await call('transaction/win', win)).toMatchObject({ status: 'RS_OK', balance: 900 * KES * UNITS });
    expect(await providerRow(win.transaction_uuid)).toMatchObject({
      kind: 'win',
      amount: 0,
      journal_transaction_id: null,
    });
    expect(await roundOf(bet.round)).toMatchObject({ payout: 0, state: 'settled' });
  });

  it('answers RS_ERROR_TRANSACTION_DOES_NOT_EXIST for a win on an unknown bet, or on someone else’s', async () => {
    const p = await player({ cash: 1000 * KES });
    const q = await player({ cash: 1000 * KES });
    const qBet = betBody(q);
    await call('transaction/bet', qBet);
    const unknown = winBody(p, { transaction_uuid: randomUUID(), round: 'r-unknown' });
    expect((await call('transaction/win', unknown)).status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect((await call('transaction/win', winBody(p, qBet))).status).toBe(
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    );
    expect(await providerRow(unknown.transaction_uuid)).toBeUndefined();
    expect(await cashOf(p)).toBe(1000 * KES);
  });

  it('pays a win on an expired token, and for a member who has since excluded themselves', async () => {
    const p = await player({ cash: 1000 * KES });
    const bet = betBody(p);
    await call('transaction/bet', bet);
    await closeGameSession(ctx.db, p.sessionId);
    await callApi(ctx, MEMBER_PATHS.selfExclusion, { form: { content: 'Pause2026' }, token: p.memberToken });
    expect(await call('transaction/win', winBody(p, bet, { amount: 300 * KES * UNITS }))).toMatchObject({
      status: 'RS_OK',
      balance: 1200 * KES * UNITS,
    });
  });

  it('pays a win of a game switched off after the bet', async () => {
    const p = await player({ cash: 1000 * KES, game: otherGameId });
    const bet = betBody(p, { game_code: 'test_hub88_sevens' });
    await call('transaction/bet', bet);
    await ctx.db.updateTable('game').set({ enabled: false }).where('id', '=', otherGameId).execute();
    try {
      expect(
        (await call('transaction/win', winBody(p, bet, { game_code: 'test_hub88_sevens' }))).status,
      ).toBe('RS_OK');
    } finally {
      await ctx.db.updateTable('game').set({ enabled: true }).where('id', '=', otherGameId).execute();
    }
  });

  it('refuses a wrong currency with RS_ERROR_WRONG_CURRENCY', async () => {
    const p = await player({ cash: 1000 * KES });
    const bet = betBody(p);
    await call('transaction/bet', bet);
    expect((await call('transaction/win', winBody(p, bet, { currency: 'UGX' }))).status).toBe(
      'RS_ERROR_WRONG_CURRENCY',
    );
    expect(await cashOf(p)).toBe(900 * KES);
  });
});

describe('transaction/rollback', () => {
  it('returns the stake exactly as it was taken, withdrawable part included, and marks the round refunded', async () => {
    // 300 cash of which 250 withdrawable: a bet of 100 is real money first, 150 withdrawable left.
    const p = await player({ cash: 300 * KES, withdrawable: 250 * KES });
    const bet = betBody(p);
    await call('transaction/bet', bet);
    expect(await balancesOf(p)).toMatchObject({ cash: 200 * KES, withdrawable: 150 * KES });
    const rollback = rollbackBody(p, bet);
    expect(await call('transaction/rollback', rollback)).toEqual({
      user: p.user,
      status: 'RS_OK',
      request_uuid: rollback.request_uuid,
      currency: 'KES',
      balance: 300 * KES * UNITS,
    });
    expect(await balancesOf(p)).toMatchObject({ cash: 300 * KES, withdrawable: 250 * KES });
    const refund = await findPostedTransaction(ctx.db, `game:hub88:rollback:${bet.transaction_uuid}`);
    expect(refund).toBeDefined();
    expect(await providerRow(bet.transaction_uuid)).toMatchObject({ state: 'rolled_back' });
    expect(await providerRow(rollback.transaction_uuid)).toMatchObject({
      kind: 'rollback',
      amount: 100 * KES,
      journal_transaction_id: refund,
    });
    expect(await roundOf(bet.round)).toMatchObject({
      stake: 0,
      state: 'refunded',
      refund_transaction_id: refund,
    });
    // The rolled-back bet replayed: refused as rolled back, never taken again.
    expect((await call('transaction/bet', bet)).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await cashOf(p)).toBe(300 * KES);
  });

  it('changes nothing on a second rollback, replayed or under a new id', async () => {
    const p = await player({ cash: 1000 * KES });
    const bet = betBody(p);
    await call('transaction/bet', bet);
    const rollback = rollbackBody(p, bet);
    expect((await call('transaction/rollback', rollback)).balance).toBe(1000 * KES * UNITS);
    expect(await call('transaction/rollback', { ...rollback, request_uuid: randomUUID() })).toMatchObject({
      status: 'RS_OK',
      balance: 1000 * KES * UNITS,
    });
    expect(await call('transaction/rollback', rollbackBody(p, bet))).toMatchObject({
      status: 'RS_OK',
      balance: 1000 * KES * UNITS,
    });
    expect((await call('transaction/rollback', { ...rollback, round: 'other' })).status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
    expect(await cashOf(p)).toBe(1000 * KES);
  });

  it('answers a rollback before its bet with RS_OK, keeps a tombstone, and refuses the late bet', async () => {
    const p = await player({ cash: 1000 * KES });
    const bet = betBody(p);
    const rollback = rollbackBody(p, bet);
    expect(await call('transaction/rollback', rollback)).toMatchObject({
      status: 'RS_OK',
      balance: 1000 * KES * UNITS,
    });
    expect(await providerRow(bet.transaction_uuid)).toMatchObject({
      kind: 'bet',
      state: 'tombstone',
      amount: 0,
    });
    expect(await call('transaction/bet', bet)).toMatchObject({
      status: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
      balance: 1000 * KES * UNITS,
    });
    expect(await findPostedTransaction(ctx.db, `game:hub88:${bet.transaction_uuid}`)).toBeUndefined();
    // A second rollback of the unseen bet, and a win on it, change nothing either.
    expect((await call('transaction/rollback', rollbackBody(p, bet))).status).toBe('RS_OK');
    expect((await call('transaction/win', winBody(p, bet))).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await cashOf(p)).toBe(1000 * KES);
  });

  it('refuses a rollback of a bet that already has a win (RS_ERROR_UNKNOWN): the stake and the win stand', async () => {
    const p = await player({ cash: 1000 * KES });
    const bet = betBody(p);
    await call('transaction/bet', bet);
    await call('transaction/win', winBody(p, bet, { amount: 0 }));
    const rollback = rollbackBody(p, bet);
    expect(await call('transaction/rollback', rollback)).toMatchObject({
      status: 'RS_ERROR_UNKNOWN',
      balance: 900 * KES * UNITS,
    });
    expect(await providerRow(rollback.transaction_uuid)).toBeUndefined();
    expect(await providerRow(bet.transaction_uuid)).toMatchObject({ state: 'done' });
    expect(await cashOf(p)).toBe(900 * KES);
  });

  it('refuses a win on a rolled-back bet with RS_ERROR_TRANSACTION_ROLLED_BACK', async () => {
    const p = await player({ cash: 1000 * KES });
    const bet = betBody(p);
    await call('transaction/bet', bet);
    await call('transaction/rollback', rollbackBody(p, bet));
    const win = winBody(p, bet);
    expect(await call('transaction/win', win)).toMatchObject({
      status: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
      balance: 1000 * KES * UNITS,
    });
    expect(await providerRow(win.transaction_uuid)).toBeUndefined();
    expect(await cashOf(p)).toBe(1000 * KES);
  });

  it('honours a rollback on an expired token', async () => {
    const p = await player({ cash: 1000 * KES });
    const bet = betBody(p);
    await call('transaction/bet', bet);
    await closeGameSession(ctx.db, p.sessionId);
    expect(await call('transaction/rollback', rollbackBody(p, bet))).toMatchObject({
      status: 'RS_OK',
      balance: 1000 * KES * UNITS,
    });
  });

  it('refuses a rollback that references a win, or another player’s bet', async () => {
    const p = await player({ cash: 1000 * KES });
    const q = await player({ cash: 1000 * KES });
    const bet = betBody(p);
    await call('transaction/bet', bet);
    const win = winBody(p, bet);
    await call('transaction/win', win);
    expect((await call('transaction/rollback', rollbackBody(p, win))).status).toBe(
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    );
    expect((await call('transaction/rollback', rollbackBody(q, bet))).status).toBe(
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    );
    expect(await cashOf(p)).toBe(1150 * KES);
    expect(await cashOf(q)).toBe(1000 * KES);
  });
});

describe('money facts', () => {
  it('writes one fact for each bet, win and rollback that moves money, replays and zero amounts none', async () => {
    const p = await player({ cash: 1000 * KES });
    const won = betBody(p);
    await call('transaction/bet', won);
    await call('transaction/bet', { ...won, request_uuid: randomUUID() });
    const win = winBody(p, won, { amount: 250 * KES * UNITS });
    await call('transaction/win', win);
    await call('transaction/win', { ...win, request_uuid: randomUUID() });
    const lost = betBody(p);
    await call('transaction/bet', lost);
    await call('transaction/win', winBody(p, lost, { amount: 0 }));
    const rolledBack = betBody(p);
    await call('transaction/bet', rolledBack);
    const rollback = rollbackBody(p, rolledBack);
    await call('transaction/rollback', rollback);
    await call('transaction/rollback', { ...rollback, request_uuid: randomUUID() });

    const facts = await ctx.db
      .selectFrom('money_fact')
      .select(['kind', 'amount', 'game_id', 'source_ref'])
      .where('member_id', '=', p.memberId)
      .orderBy('transaction_id')
      .execute();
    expect(facts).toEqual([
      { kind: 'bet', amount: 100 * KES, game_id: gameId, source_ref: won.transaction_uuid },
      { kind: 'win', amount: 250 * KES, game_id: gameId, source_ref: win.transaction_uuid },
      { kind: 'bet', amount: 100 * KES, game_id: gameId, source_ref: lost.transaction_uuid },
      { kind: 'bet', amount: 100 * KES, game_id: gameId, source_ref: rolledBack.transaction_uuid },
      { kind: 'rollback', amount: 100 * KES, game_id: gameId, source_ref: rolledBack.transaction_uuid },
    ]);
  });
});

describe('signatures and hostile input', () => {
  it('answers RS_ERROR_INVALID_SIGNATURE for a missing, wrong, foreign or stale signature', async () => {
    const p = await player({ cash: 1000 * KES });
    const body = betBody(p);
    const raw = JSON.stringify(body);
    const tampered = JSON.stringify({ ...body, amount: 10 * KES * UNITS });
    const signedOriginal = sign('sha256', Buffer.from(raw), providerKeys.privateKey).toString('base64');
    for (const attempt of [
      { signature: null },
      { signature: '' },
      { signature: 'bm90IGEgc2lnbmF0dXJl' },
      { signature: '%%%not-base64%%%' },
      { signWith: strangerKeys.privateKey },
      { signWith: operatorKeys.privateKey },
    ]) {
      const answer = await call('transaction/bet', raw, attempt);
      expect(answer).toEqual({
        user: p.user,
        status: 'RS_ERROR_INVALID_SIGNATURE',
        request_uuid: body.request_uuid,
      });
    }
    // The signature of other bytes (the body altered after signing, or re-serialised) does not pass.
    expect((await call('transaction/bet', tampered, { signature: signedOriginal })).status).toBe(
      'RS_ERROR_INVALID_SIGNATURE',
    );
    expect(
      (await call('transaction/bet', JSON.stringify(body, null, 2), { signature: signedOriginal })).status,
    ).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect(await cashOf(p)).toBe(1000 * KES);
    // The exact bytes, whatever their formatting, are what is checked: a pretty-printed body signed as sent passes.
    expect((await call('transaction/bet', JSON.stringify(body, null, 2))).status).toBe('RS_OK');
  });

  it('answers RS_ERROR_WRONG_SYNTAX for malformed JSON, missing fields and wrong types, never a 500', async () => {
    const p = await player({ cash: 1000 * KES });
    const body = betBody(p);
    const { amount: _amount, ...withoutAmount } = body;
    const { reference_transaction_uuid: _reference, ...winWithoutReference } = winBody(p, body);
    const cases: [string, unknown][] = [
      ['transaction/bet', '{"user": "'],
      ['transaction/bet', ''],
      ['transaction/bet', 'null'],
      ['transaction/bet', '[]'],
      ['transaction/bet', '"text"'],
      ['transaction/bet', withoutAmount],
      ['transaction/bet', { ...body, amount: String(body.amount) }],
      ['transaction/bet', { ...body, amount: 10.5 }],
      ['transaction/bet', { ...body, amount: -1000 }],
      ['transaction/bet', '{"amount": 1e400}'],
      ['transaction/bet', { ...body, amount: 2 ** 60 }],
      ['transaction/bet', { ...body, round_closed: 'yes' }],
      ['transaction/bet', { ...body, token: 42 }],
      ['transaction/bet', { ...body, user: 'abc' }],
      ['transaction/bet', { ...body, currency: 'kes' }],
      ['transaction/bet', { ...body, transaction_uuid: 'rollback:abc' }],
      ['transaction/bet', { ...body, transaction_uuid: '' }],
      ['transaction/bet', { ...body, meta: 'x' }],
      ['transaction/win', winWithoutReference],
      ['transaction/rollback', { ...rollbackBody(p, body), reference_transaction_uuid: null }],
      ['user/info', { user: p.user }],
      ['user/balance', { user: p.user, request_uuid: randomUUID() }],
    ];
    for (const [action, payload] of cases) {
      expect((await call(action, payload)).status, `${action} ${JSON.stringify(payload)}`).toBe(
        'RS_ERROR_WRONG_SYNTAX',
      );
    }
    // Another content type, or none, is read the same way: the bytes are what is signed.
    expect((await call('transaction/bet', '{"user":', { contentType: 'text/plain' })).status).toBe(
      'RS_ERROR_WRONG_SYNTAX',
    );
    expect((await call('transaction/bet', '{"user":', { contentType: null })).status).toBe(
      'RS_ERROR_WRONG_SYNTAX',
    );
    expect(await cashOf(p)).toBe(1000 * KES);
    const asText = betBody(p, { amount: 20 * KES * UNITS });
    expect((await call('transaction/bet', asText, { contentType: 'text/plain' })).status).toBe('RS_OK');
    expect(await cashOf(p)).toBe(980 * KES);
  });

  it('answers a body far too large with a signed RS_ERROR_WRONG_SYNTAX', async () => {
    const answer = await call('transaction/bet', JSON.stringify({ padding: 'x'.repeat(200 * 1024) }));
    expect(answer.status).toBe('RS_ERROR_WRONG_SYNTAX');
  });

  it('answers RS_ERROR_UNKNOWN for an unexpected failure, and a failure after the ledger moved leaves nothing', async () => {
    const p = await player({ cash: 1000 * KES });
    // A fault injected after the stake is debited inside the call's transaction (writing its round): the
    // debit, the row and the round must all vanish together.
    await sql`
      create function test_fail_round() returns trigger language plpgsql as $$
      begin
        if new.provider_round = 'explode' then raise exception 'injected failure'; end if;
        return new;
      end $$`.execute(ctx.db);
    await sql`create trigger test_fail_round before insert on game_round for each row execute function test_fail_round()`.execute(
      ctx.db,
    );
    try {
      const body = betBody(p, { round: 'explode' });
      expect((await call('transaction/bet', body)).status).toBe('RS_ERROR_UNKNOWN');
      expect(await cashOf(p)).toBe(1000 * KES);
      expect(await providerRow(body.transaction_uuid)).toBeUndefined();
      expect(await findPostedTransaction(ctx.db, `game:hub88:${body.transaction_uuid}`)).toBeUndefined();
    } finally {
      await sql`drop trigger test_fail_round on game_round`.execute(ctx.db);
      await sql`drop function test_fail_round()`.execute(ctx.db);
    }
  });
});

describe('concurrency', () => {
  it('never overdraws: 50 parallel bets against a balance for 20 give exactly 20 RS_OK', async () => {
    const p = await player({ cash: 2000 * KES });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call('transaction/bet', betBody(p, { amount: 100 * KES * UNITS }))),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 'RS_OK')).toHaveLength(20);
    expect(statuses.filter((status) => status === 'RS_ERROR_NOT_ENOUGH_MONEY')).toHaveLength(30);
    expect(await cashOf(p)).toBe(0);
    expect(await countRows(ctx, 'provider_transaction', { member_id: p.memberId })).toBe(20);
    await expectLedgerInvariants(ctx.db);
  });

  it('takes a stake once when the same bet arrives many times at once', async () => {
    const p = await player({ cash: 1000 * KES });
    const body = betBody(p);
    const answers = await Promise.all(Array.from({ length: 10 }, () => call('transaction/bet', body)));
    expect(answers.every((answer) => answer.status === 'RS_OK')).toBe(true);
    expect(await cashOf(p)).toBe(900 * KES);
  });

  it('ends a bet racing its own rollback with the stake back, whichever came first', async () => {
    const p = await player({ cash: 1000 * KES });
    for (let i = 0; i < 5; i += 1) {
      const bet = betBody(p);
      const [betAnswer, rollbackAnswer] = await Promise.all([
        call('transaction/bet', bet),
        call('transaction/rollback', rollbackBody(p, bet)),
      ]);
      expect(rollbackAnswer.status).toBe('RS_OK');
      expect(['RS_OK', 'RS_ERROR_TRANSACTION_ROLLED_BACK']).toContain(betAnswer.status);
      expect(await cashOf(p)).toBe(1000 * KES);
    }
  });

  it('lets a win and a rollback of one bet never both succeed', async () => {
    const p = await player({ cash: 1000 * KES });
    for (let i = 0; i < 5; i += 1) {
      const bet = betBody(p);
      await call('transaction/bet', bet);
      const before = await cashOf(p);
      const [win, rollback] = await Promise.all([
        call('transaction/win', winBody(p, bet, { amount: 200 * KES * UNITS })),
        call('transaction/rollback', rollbackBody(p, bet)),
      ]);
      const outcomes = [win.status, rollback.status].sort();
      expect([
        ['RS_ERROR_UNKNOWN', 'RS_OK'],
        ['RS_ERROR_TRANSACTION_ROLLED_BACK', 'RS_OK'],
      ]).toContainEqual(outcomes);
      expect(await cashOf(p)).toBe(win.status === 'RS_OK' ? before + 200 * KES : before + 100 * KES);
    }
  });

  it('keeps every ledger invariant after all of the above', async () => {
    await expectLedgerInvariants(ctx.db);
  });
});

describe('bonus wagering (issue 14 §2)', () => {
  /** Grants the member an active bonus of 100 KES, wagering 10×, maximum stake 150 KES. */
  async function withBonus(p: Player) {
    return grantTestBonus(ctx, p.memberId, 100 * KES, {
      wageringMultiple: 10,
      maxStake: 150 * KES,
      maxConversion: 100 * KES,
      contribution: { provider: 50, inhouse: 100 },
    });
  }
  const progressOf = async (id: number) =>
    Number(
      (
        await ctx.db
          .selectFrom('bonus_grant')
          .select('wagering_progress')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).wagering_progress,
    );

  it('advances wagering by stake × contribution once per bet, a replay nothing, a rollback takes it back', async () => {
    const p = await player({ cash: 50 * KES });
    const { grant } = await withBonus(p);
    const bet = betBody(p, { amount: 80 * KES * UNITS });
    expect((await call('transaction/bet', bet)).status).toBe('RS_OK');
    // Provider games count 50 %.
    expect(await progressOf(grant.id)).toBe(40 * KES);
    // Real money first: the 50 withdrawable went first, 30 of the bonus.
    expect(await balancesOf(p)).toMatchObject({ cash: 70 * KES, withdrawable: 0 });
    expect((await call('transaction/bet', bet)).status).toBe('RS_OK');
    expect(await progressOf(grant.id)).toBe(40 * KES);
    expect((await call('transaction/rollback', rollbackBody(p, bet))).status).toBe('RS_OK');
    expect(await progressOf(grant.id)).toBe(0);
    // The stake back exactly as it was taken.
    expect(await balancesOf(p)).toMatchObject({ cash: 150 * KES, withdrawable: 50 * KES });
    await expectLedgerInvariants(ctx.db);
  });

  it('splits a win in its stake’s real/bonus proportion, from the bet’s own entries', async () => {
    const p = await player({ cash: 50 * KES });
    await withBonus(p);
    const bet = betBody(p, { amount: 80 * KES * UNITS });
    expect((await call('transaction/bet', bet)).status).toBe('RS_OK');
    // 50 real + 30 bonus staked; a win of 161: floor(161 × 50 ÷ 80) = 100.62… → 100.62 KES withdrawable.
    const win = winBody(p, bet, { amount: 161 * KES * UNITS });
    expect((await call('transaction/win', win)).status).toBe('RS_OK');
    expect(await balancesOf(p)).toMatchObject({
      cash: 70 * KES + 161 * KES,
      withdrawable: Math.floor((161 * KES * 50) / 80),
    });
    // A replayed win credits nothing more.
    expect((await call('transaction/win', win)).status).toBe('RS_OK');
    expect(await balancesOf(p)).toMatchObject({ cash: 70 * KES + 161 * KES });
    await expectLedgerInvariants(ctx.db);
  });

  it('refuses a stake above the active bonus’s maximum (RS_ERROR_UNKNOWN), taking nothing', async () => {
    const p = await player({ cash: 500 * KES });
    const { grant } = await withBonus(p);
    const answer = await call('transaction/bet', betBody(p, { amount: 200 * KES * UNITS }));
    expect(answer.status).toBe('RS_ERROR_UNKNOWN');
    expect(await balancesOf(p)).toMatchObject({ cash: 600 * KES, withdrawable: 500 * KES });
    expect(await progressOf(grant.id)).toBe(0);
    expect((await call('transaction/bet', betBody(p, { amount: 150 * KES * UNITS }))).status).toBe('RS_OK');
  });

  it('leaves the bets of a member without a bonus as they were: no grant row, facts counted', async () => {
    const p = await player({ cash: 100 * KES });
    expect((await call('transaction/bet', betBody(p, { amount: 90 * KES * UNITS }))).status).toBe('RS_OK');
    const facts = await ctx.db
      .selectFrom('money_fact')
      .select('amount')
      .where('member_id', '=', p.memberId)
      .where('kind', '=', 'bet')
      .execute();
    expect(facts.map((fact) => Number(fact.amount))).toEqual([90 * KES]);
    expect(await countRows(ctx, 'bonus_grant', { member_id: p.memberId })).toBe(0);
  });
});
