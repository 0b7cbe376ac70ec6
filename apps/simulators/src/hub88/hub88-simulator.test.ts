import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { exactRtp, LUCKY_FRUITS, multiplierOf, NEON_SEVENS, spinReels } from './fruit-reels.ts';
import { createHub88Simulator, type Hub88SimulatorOptions } from './hub88-simulator.ts';
import { FAKE_USER, makeKeys, startFakeOperator, type FakeOperator } from './hub88-test-kit.ts';
import type { WalletCall } from './hub88-wallet-client.ts';
import { SYMBOL_ART } from './symbol-art.ts';

const UNITS = 100_000;
const keys = makeKeys();
const open: { close(): Promise<unknown> }[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((thing) => thing.close()));
});

async function setUp(options: Partial<Hub88SimulatorOptions> = {}, balance = 100 * UNITS) {
  const operator = await startFakeOperator(keys, balance);
  open.push(operator);
  const sim = createHub88Simulator({ walletUrl: operator.url, ...keys.simulatorPems, ...options });
  open.push(sim);
  return { sim, operator };
}

async function launch(sim: FastifyInstance, query: Record<string, string>) {
  const response = await sim.inject({
    method: 'GET',
    url: `/hub88/games/launch?${new URLSearchParams(query)}`,
  });
  const sessionId = /"sessionId":"([^"]+)"/.exec(response.body)?.[1];
  return { response, sessionId };
}

const realLaunch = {
  token: 'token-0123456789abcdef',
  game_code: 'hub88sim_lucky_fruits',
  currency: 'KES',
  lang: 'en',
  lobby_url: 'http://127.0.0.1:8080/home',
  deposit_url: 'http://127.0.0.1:8080/deposit',
};

async function spin(sim: FastifyInstance, sessionId: string, stake = 20) {
  const response = await sim.inject({
    method: 'POST',
    url: `/hub88/games/session/${sessionId}/spin`,
    payload: { stake },
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

async function control(sim: FastifyInstance, query: string) {
  return sim.inject({ method: 'POST', url: `/__control/hub88?${query}` });
}

async function calls(sim: FastifyInstance): Promise<WalletCall[]> {
  return (await sim.inject({ method: 'GET', url: '/__hub88/state' })).json<{ calls: WalletCall[] }>().calls;
}

function actions(operator: FakeOperator) {
  return operator.received.map((call) => `${call.action}:${call.status}`);
}

describe('the games', () => {
  it('return what the catalogue says: Lucky Fruits 96 %, Neon Sevens 95 %, computed exactly', () => {
    expect(exactRtp(LUCKY_FRUITS)).toBeCloseTo(0.96, 3);
    expect(exactRtp(NEON_SEVENS)).toBeCloseTo(0.95, 4);
  });

  it('draw every symbol (cheap phones lack emoji fonts, so the reels are SVG)', () => {
    for (const game of [LUCKY_FRUITS, NEON_SEVENS]) {
      for (const symbol of game.symbols) expect(SYMBOL_ART[symbol.id], symbol.id).toMatch(/^<svg /);
    }
  });

  it('pay three of a kind and a pair of cherries, nothing else', () => {
    const [cherry, lemon, orange] = LUCKY_FRUITS.symbols;
    if (!cherry || !lemon || !orange) throw new Error('symbols');
    expect(multiplierOf(LUCKY_FRUITS, [lemon, lemon, lemon])).toBe(15);
    expect(multiplierOf(LUCKY_FRUITS, [cherry, lemon, cherry])).toBe(1);
    expect(multiplierOf(LUCKY_FRUITS, [cherry, lemon, orange])).toBe(0);
    // The first stop of the strip is a cherry, the last a seven.
    expect(spinReels(LUCKY_FRUITS, () => 0).multiplier).toBe(8);
    expect(spinReels(LUCKY_FRUITS, (max) => max - 1).multiplier).toBe(500);
  });
});

describe('launch page', () => {
  it('serves a real-money game page with Home and Deposit links that leave the frame', async () => {
    const { sim } = await setUp();
    const { response, sessionId } = await launch(sim, realLaunch);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(sessionId).toBeDefined();
    expect(response.body).toContain('Lucky Fruits');
    expect(response.body).toContain('href="http://127.0.0.1:8080/home" target="_top"');
    expect(response.body).toContain('href="http://127.0.0.1:8080/deposit" target="_top"');
    expect(response.body).toContain('name="viewport"');
    expect(response.body).not.toContain(realLaunch.token);
    expect(String(response.headers['content-security-policy'])).toMatch(/script-src 'nonce-/);
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it('drops links that are not http(s) and escapes what it shows', async () => {
    const { sim } = await setUp();
    const { response } = await launch(sim, {
      ...realLaunch,
      lobby_url: 'javascript:alert(1)',
      deposit_url: 'https://casino.example/deposit?a="><script>x</script>',
      lang: 'fr',
    });
    expect(response.body).not.toContain('javascript:');
    expect(response.body).not.toContain('<script>x</script>');
    expect(response.body).toContain('Lancer');
  });

  it('refuses an unknown game, a real launch without a token, and a missing currency', async () => {
    const { sim } = await setUp();
    expect((await launch(sim, { ...realLaunch, game_code: 'nope' })).response.statusCode).toBe(404);
    const { token: _token, ...withoutToken } = realLaunch;
    expect((await launch(sim, withoutToken)).response.statusCode).toBe(400);
    expect((await launch(sim, { ...realLaunch, currency: '' })).response.statusCode).toBe(400);
  });

  it('plays a demo (currency XXX, no token) with play money and never calls the wallet', async () => {
    const { sim, operator } = await setUp({ switches: { forceOutcome: 'lose' } });
    const { token: _token, ...demoQuery } = realLaunch;
    const { response, sessionId } = await launch(sim, { ...demoQuery, currency: 'XXX' });
    // Amounts read as play money; ISO's "no currency" code is the protocol's, not the player's.
    expect(response.body).toContain('"unit":"demo credits"');
    expect(response.body).not.toContain('XXX');
    expect(response.body).not.toContain('id="deposit"');
    const balance = await sim.inject({ method: 'POST', url: `/hub88/games/session/${sessionId}/balance` });
    expect(balance.json()).toEqual({ balance: 1000 * UNITS, currency: 'XXX' });
    const played = await spin(sim, String(sessionId), 20);
    expect(played.body).toMatchObject({ kind: 'played', win: 0, balance: 980 * UNITS });
    expect(operator.received).toEqual([]);
  });
});

describe('real rounds against the operator wallet', () => {
  it('reads the balance, then bets and wins with fresh uuids, every call signed and every answer checked', async () => {
    const { sim, operator } = await setUp({ switches: { forceOutcome: 'win' } });
    const { sessionId } = await launch(sim, realLaunch);
    const balance = await sim.inject({ method: 'POST', url: `/hub88/games/session/${sessionId}/balance` });
    expect(balance.json()).toEqual({ balance: 100 * UNITS, currency: 'KES' });

    const played = await spin(sim, String(sessionId), 20);
    // Three cherries pay 8×: 100 − 20 + 160.
    expect(played.body).toMatchObject({
      kind: 'played',
      multiplier: 8,
      win: 160 * UNITS,
      balance: 240 * UNITS,
    });
    expect(played.body.reels).toEqual(['🍒', '🍒', '🍒']);
    expect(actions(operator)).toEqual([
      'user/balance:RS_OK',
      'transaction/bet:RS_OK',
      'transaction/win:RS_OK',
    ]);
    expect(operator.received.every((call) => call.signatureValid)).toBe(true);
    const [, bet, win] = operator.received.map((call) => call.body);
    // The token-only launch learnt the user from the balance answer.
    expect(bet).toMatchObject({
      user: FAKE_USER,
      token: realLaunch.token,
      game_code: 'hub88sim_lucky_fruits',
      currency: 'KES',
      amount: 20 * UNITS,
      is_free: false,
      round_closed: false,
    });
    expect(win).toMatchObject({
      reference_transaction_uuid: bet?.transaction_uuid,
      round: bet?.round,
      amount: 160 * UNITS,
      round_closed: true,
    });
    expect(win?.transaction_uuid).not.toBe(bet?.transaction_uuid);
    expect((await calls(sim)).every((call) => call.signatureValid && call.request.token === '***')).toBe(
      true,
    );

    // A losing round still sends a zero win: it closes the round.
    await control(sim, 'forceOutcome=lose');
    const lost = await spin(sim, String(sessionId), 20);
    expect(lost.body).toMatchObject({ kind: 'played', win: 0, balance: 220 * UNITS });
    expect(operator.received.at(-1)?.body).toMatchObject({ amount: 0, round_closed: true });
  });

  it('uses the user the launch names, when it does', async () => {
    const { sim, operator } = await setUp({ switches: { forceOutcome: 'lose' } });
    const { sessionId } = await launch(sim, { ...realLaunch, user: '004242' });
    await spin(sim, String(sessionId));
    expect(operator.received.map((call) => call.body.user)).toEqual(['004242', '004242']);
  });

  it('shows not-enough-money without rolling the bet back', async () => {
    const { sim, operator } = await setUp({ switches: { forceOutcome: 'lose' } }, 3 * UNITS);
    const { sessionId } = await launch(sim, { ...realLaunch, user: '004242' });
    const played = await spin(sim, String(sessionId), 20);
    expect(played.body).toMatchObject({ kind: 'refused', reason: 'not_enough_money', balance: 3 * UNITS });
    expect(actions(operator)).toEqual(['transaction/bet:RS_ERROR_NOT_ENOUGH_MONEY']);
  });

  it('rolls back a bet whose answer cannot be believed (not signed by the operator)', async () => {
    const { sim, operator } = await setUp({ switches: { forceOutcome: 'lose' } });
    const { sessionId } = await launch(sim, { ...realLaunch, user: '004242' });
    operator.forgeAnswers = true;
    const played = await spin(sim, String(sessionId));
    expect(played.body).toMatchObject({ kind: 'void', reason: 'bet_failed' });
    const stateCalls = await calls(sim);
    expect(stateCalls[0]).toMatchObject({ action: 'transaction/bet', signatureValid: false });
    expect(stateCalls[0]?.error).toMatch(/not signed/);
    // The rollback is re-sent until an answer is believed: three times here, never believed.
    expect(actions(operator)).toEqual([
      'transaction/bet:RS_OK',
      'transaction/rollback:RS_OK',
      'transaction/rollback:RS_OK',
      'transaction/rollback:RS_OK',
    ]);
    expect(operator.balance).toBe(100 * UNITS);
  });
});

describe('switches', () => {
  it('are shown and changed by query or JSON; an unknown one is refused', async () => {
    const { sim } = await setUp();
    expect((await sim.inject({ method: 'GET', url: '/__control/hub88' })).json()).toEqual({
      retries: false,
      duplicates: false,
      rollbackBeforeBet: false,
      rollbackAfterFailedBet: false,
      forceOutcome: null,
    });
    expect((await control(sim, 'retries=1&forceOutcome=win')).json()).toMatchObject({
      retries: true,
      forceOutcome: 'win',
    });
    const json = await sim.inject({ method: 'POST', url: '/__control/hub88', payload: { duplicates: true } });
    expect(json.json()).toMatchObject({ retries: true, duplicates: true });
    expect((await control(sim, 'retry=1')).statusCode).toBe(400);
    expect((await control(sim, 'retries=maybe')).statusCode).toBe(400);
    expect(
      (await sim.inject({ method: 'POST', url: '/__control/hub88', payload: { reset: true } })).json(),
    ).toMatchObject({
      retries: false,
      duplicates: false,
    });
  });

  it('retries: every call goes twice with the same bytes, and the stake is taken once', async () => {
    const { sim, operator } = await setUp({ switches: { retries: true, forceOutcome: 'lose' } });
    const { sessionId } = await launch(sim, { ...realLaunch, user: '004242' });
    await spin(sim, String(sessionId), 20);
    expect(actions(operator)).toEqual([
      'transaction/bet:RS_OK',
      'transaction/bet:RS_OK',
      'transaction/win:RS_OK',
      'transaction/win:RS_OK',
    ]);
    expect(operator.received[0]?.raw).toBe(operator.received[1]?.raw);
    expect(operator.received[2]?.raw).toBe(operator.received[3]?.raw);
    expect(operator.balance).toBe(80 * UNITS);
  });

  it('duplicates: the bet and the win come again under their ids with other amounts, and are refused', async () => {
    const { sim, operator } = await setUp({ switches: { duplicates: true, forceOutcome: 'win' } });
    const { sessionId } = await launch(sim, { ...realLaunch, user: '004242' });
    await spin(sim, String(sessionId), 20);
    expect(actions(operator)).toEqual([
      'transaction/bet:RS_OK',
      'transaction/bet:RS_ERROR_DUPLICATE_TRANSACTION',
      'transaction/win:RS_OK',
      'transaction/win:RS_ERROR_DUPLICATE_TRANSACTION',
    ]);
    expect(operator.received[1]?.body.transaction_uuid).toBe(operator.received[0]?.body.transaction_uuid);
    expect(operator.balance).toBe(240 * UNITS);
  });

  it('rollbackBeforeBet: the rollback overtakes its bet, which is then refused as rolled back', async () => {
    const { sim, operator } = await setUp({ switches: { rollbackBeforeBet: true } });
    const { sessionId } = await launch(sim, { ...realLaunch, user: '004242' });
    const played = await spin(sim, String(sessionId), 20);
    expect(played.body).toMatchObject({
      kind: 'void',
      reason: 'rolled_back_before_bet',
      balance: 100 * UNITS,
    });
    expect(actions(operator)).toEqual([
      'transaction/rollback:RS_OK',
      'transaction/bet:RS_ERROR_TRANSACTION_ROLLED_BACK',
    ]);
    expect(operator.received[0]?.body.reference_transaction_uuid).toBe(
      operator.received[1]?.body.transaction_uuid,
    );
  });

  it('rollbackAfterFailedBet: the bet’s answer is lost and the bet is rolled back, stake returned', async () => {
    const { sim, operator } = await setUp({ switches: { rollbackAfterFailedBet: true } });
    const { sessionId } = await launch(sim, { ...realLaunch, user: '004242' });
    const played = await spin(sim, String(sessionId), 20);
    expect(played.body).toMatchObject({ kind: 'void', reason: 'bet_failed', balance: 100 * UNITS });
    expect(actions(operator)).toEqual(['transaction/bet:RS_OK', 'transaction/rollback:RS_OK']);
    expect(operator.received[1]?.body.reference_transaction_uuid).toBe(
      operator.received[0]?.body.transaction_uuid,
    );
    expect(operator.balance).toBe(100 * UNITS);
  });
});

describe('spin requests', () => {
  it('accept only offered stakes and known sessions', async () => {
    const { sim } = await setUp();
    const { sessionId } = await launch(sim, realLaunch);
    expect((await spin(sim, String(sessionId), 3)).status).toBe(400);
    expect((await spin(sim, 'no-such-session', 20)).status).toBe(404);
  });
});
