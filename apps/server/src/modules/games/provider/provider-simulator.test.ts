import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHub88Simulator } from '@app/simulators/hub88/hub88-simulator';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants.ts';
import { newMember, openMemberGameSession, gameIdOf } from '../../../../test/factory.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { getBalances } from '../../platform/wallet/wallet.service.ts';
import { hub88UserFor } from './hub88-protocol.ts';

/**
 * The provider simulator (apps/simulators/src/hub88) playing against our wallet API over real HTTP, both
 * sides signing and checking: what `npm start` and the browser tests run, with each of its switches.
 */

const KES = 100;
const UNITS = 100_000; // Hub88 units per shilling
const pem = (key: KeyObject, type: 'spki' | 'pkcs8') => key.export({ type, format: 'pem' }).toString();
const providerKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const operatorKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });

const ctx = useTestApp(
  {
    PROVIDER_PUBLIC_KEY: pem(providerKeys.publicKey, 'spki'),
    PROVIDER_PRIVATE_KEY: pem(operatorKeys.privateKey, 'pkcs8'),
  },
  { listen: true },
);
let sim: FastifyInstance;
let gameId: number;

beforeAll(async () => {
  // The simulator's game, as the demo catalogue lists it (inserted here if the seed has not).
  await ctx.db
    .insertInto('game')
    .values({
      code: 'hub88sim_lucky_fruits',
      name: 'Lucky Fruits',
      supplier_id: 'hub88sim',
      source: 'provider',
      provider: 'hub88',
      min_stake: 10 * KES,
      max_stake: 10_000 * KES,
      rtp: 9600,
    })
    .onConflict((conflict) => conflict.column('code').doNothing())
    .execute();
  gameId = await gameIdOf(ctx, 'hub88sim_lucky_fruits');
  sim = createHub88Simulator({
    walletUrl: `${ctx.url}/api/provider/hub88`,
    privateKeyPem: pem(providerKeys.privateKey, 'pkcs8'),
    operatorPublicKeyPem: pem(operatorKeys.publicKey, 'spki'),
  });
});

afterAll(async () => {
  await sim.close();
});

afterEach(async () => {
  await sim.inject({ method: 'POST', url: '/__control/hub88', payload: { reset: true } });
});

/** A member with 100 KES and a game launched in the simulator exactly as our launch builds the address. */
async function launchedPlayer(): Promise<{ memberId: number; sessionId: string }> {
  const { id: memberId } = await newMember(ctx, { cash: 100 * KES });
  // Launched from the member's login, which holds the right to bet (one device at a time).
  const { token } = await openMemberGameSession(ctx, memberId, gameId);
  const query = new URLSearchParams({
    token,
    game_code: 'hub88sim_lucky_fruits',
    currency: 'KES',
    lang: 'en',
    lobby_url: `${ctx.url}/home`,
    deposit_url: `${ctx.url}/deposit`,
  });
  const page = await sim.inject({ method: 'GET', url: `/hub88/games/launch?${query}` });
  expect(page.statusCode).toBe(200);
  const sessionId = /"sessionId":"([^"]+)"/.exec(page.body)?.[1];
  if (!sessionId) throw new Error('no session in the game page');
  return { memberId, sessionId };
}

async function spin(sessionId: string, stake: number) {
  const response = await sim.inject({
    method: 'POST',
    url: `/hub88/games/session/${sessionId}/spin`,
    payload: { stake },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ kind: string; reason?: string; win?: number; balance?: number }>();
}

async function switches(query: string) {
  expect((await sim.inject({ method: 'POST', url: `/__control/hub88?${query}` })).statusCode).toBe(200);
}

type SimCall = { action: string; purpose: string; signatureValid?: boolean; answer?: { status: string } };

async function simCalls(): Promise<SimCall[]> {
  return (await sim.inject({ method: 'GET', url: '/__hub88/state' })).json<{ calls: SimCall[] }>().calls;
}

const cashOf = async (memberId: number) => (await getBalances(ctx.db, memberId)).cash;

describe('the provider simulator against our wallet API', () => {
  it('shows our balance, then a spin bets and wins through the ledger', async () => {
    const { memberId, sessionId } = await launchedPlayer();
    const balance = await sim.inject({ method: 'POST', url: `/hub88/games/session/${sessionId}/balance` });
    expect(balance.json()).toEqual({ balance: 100 * UNITS, currency: 'KES' });

    await switches('forceOutcome=win');
    // Three cherries pay 8×: 100 − 20 + 160 KES.
    expect(await spin(sessionId, 20)).toMatchObject({
      kind: 'played',
      win: 160 * UNITS,
      balance: 240 * UNITS,
    });
    expect(await cashOf(memberId)).toBe(240 * KES);
    await switches('forceOutcome=lose');
    expect(await spin(sessionId, 50)).toMatchObject({ kind: 'played', win: 0, balance: 190 * UNITS });
    expect(await cashOf(memberId)).toBe(190 * KES);

    const calls = await simCalls();
    expect(calls.every((call) => call.signatureValid === true && call.answer?.status === 'RS_OK')).toBe(true);
    const rounds = await ctx.db
      .selectFrom('game_round')
      .select(['stake', 'payout', 'state'])
      .where('member_id', '=', memberId)
      .orderBy('id')
      .execute();
    expect(rounds).toEqual([
      { stake: 20 * KES, payout: 160 * KES, state: 'settled' },
      { stake: 50 * KES, payout: 0, state: 'settled' },
    ]);
    // The token-only launch learnt the member's Hub88 user from our first answer.
    expect((await sim.inject({ method: 'GET', url: '/__hub88/state' })).body).toContain(
      hub88UserFor(memberId),
    );
  });

  it('retries: every call twice, the stake taken and the win paid once', async () => {
    const { memberId, sessionId } = await launchedPlayer();
    await switches('retries=1&forceOutcome=win');
    expect(await spin(sessionId, 20)).toMatchObject({ kind: 'played', balance: 240 * UNITS });
    expect(await cashOf(memberId)).toBe(240 * KES);
    expect((await simCalls()).filter((call) => call.purpose === 'retries')).toHaveLength(2);
  });

  it('duplicates: the same ids with other amounts are refused and change nothing', async () => {
    const { memberId, sessionId } = await launchedPlayer();
    await switches('duplicates=1&forceOutcome=lose');
    await spin(sessionId, 20);
    expect(await cashOf(memberId)).toBe(80 * KES);
    const duplicates = (await simCalls()).filter((call) => call.purpose === 'duplicates');
    expect(duplicates.map((call) => call.answer?.status)).toEqual([
      'RS_ERROR_DUPLICATE_TRANSACTION',
      'RS_ERROR_DUPLICATE_TRANSACTION',
    ]);
  });

  it('rollbackBeforeBet: our tombstone refuses the late bet; nothing is taken', async () => {
    const { memberId, sessionId } = await launchedPlayer();
    await switches('rollbackBeforeBet=1');
    expect(await spin(sessionId, 20)).toMatchObject({
      kind: 'void',
      reason: 'rolled_back_before_bet',
      balance: 100 * UNITS,
    });
    expect((await simCalls()).map((call) => `${call.action}:${call.answer?.status}`)).toEqual([
      // The launch carried the token only: the simulator asks who the player is first.
      'user/balance:RS_OK',
      'transaction/rollback:RS_OK',
      'transaction/bet:RS_ERROR_TRANSACTION_ROLLED_BACK',
    ]);
    expect(await cashOf(memberId)).toBe(100 * KES);
  });

  it('rollbackAfterFailedBet: the bet went through, its answer was lost, the rollback returns the stake', async () => {
    const { memberId, sessionId } = await launchedPlayer();
    await switches('rollbackAfterFailedBet=1');
    expect(await spin(sessionId, 20)).toMatchObject({
      kind: 'void',
      reason: 'bet_failed',
      balance: 100 * UNITS,
    });
    expect(await cashOf(memberId)).toBe(100 * KES);
    const bet = await ctx.db
      .selectFrom('provider_transaction')
      .select('state')
      .where('member_id', '=', memberId)
      .where('kind', '=', 'bet')
      .executeTakeFirstOrThrow();
    expect(bet.state).toBe('rolled_back');
  });

  it('leaves the ledger whole', async () => {
    await expectLedgerInvariants(ctx.db);
  });
});
