import { createPrivateKey, createPublicKey, randomBytes, randomInt } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import { REEL_GAMES, type RandomInt } from './fruit-reels.ts';
import { pickPageLanguage, renderErrorPage, renderGamePage } from './game-page.ts';
import { createWalletClient, type WalletCall, type WalletClient } from './hub88-wallet-client.ts';
import {
  balanceOf,
  DEFAULT_SWITCHES,
  playDemoRound,
  playRealRound,
  UNITS_PER_MAJOR,
  type Hub88Switches,
  type PlayerSession,
  type RoundDeps,
} from './provider-round.ts';

/**
 * A Hub88-style game provider: its launch page (the address the operator's frame opens), a small game
 * ("Lucky Fruits", "Neon Sevens") whose every real-money round is a signed bet and win against the
 * operator's wallet API, the protocol's faults on switches, and the calls it made for tests to read.
 * README.md (this folder) describes it.
 */

export type Hub88SimulatorOptions = {
  /** The operator's wallet API base, e.g. http://127.0.0.1:8080/api/provider/hub88 (PROVIDER_WALLET_URL). */
  walletUrl: string | undefined;
  /** Our (the provider's) private key, PEM: signs every call (PROVIDER_SIM_PRIVATE_KEY). */
  privateKeyPem: string | undefined;
  /** The operator's public key, PEM: checks every answer (PROVIDER_OPERATOR_PUBLIC_KEY). */
  operatorPublicKeyPem: string | undefined;
  switches?: Partial<Hub88Switches>;
  /** The reels' randomness; `crypto.randomInt` by default. */
  random?: RandomInt;
  /** How long a wallet call may take before it counts as lost. */
  timeoutMs?: number;
  /** Fastify's logger option (used by `createHub88Simulator` only): off by default. */
  logger?: FastifyServerOptions['logger'];
};

export const LAUNCH_PATH = '/hub88/games/launch';
const SESSION_PATH = '/hub88/games/session/:id';
const CONTROL_PATH = '/__control/hub88';
const STATE_PATH = '/__hub88/state';

/**
 * Stakes offered, in whole units of the currency (so every win, a whole multiple, is exact anywhere), from
 * 20: Kenya's legal minimum stake (KSh 20), which the operator holds every bet to, above its demo
 * catalogue's 10 KES game minimum. Hub88 lets an operator set such a minimum per currency.
 */
export const STAKES = [20, 50, 100, 200, 500, 1000] as const;
/** Play money of a demo, in Hub88 units. */
const DEMO_BALANCE = 1000 * UNITS_PER_MAJOR;
const DEMO_CURRENCY = 'XXX';
const MAX_SESSIONS = 1000;
const MAX_CALLS_KEPT = 500;
/** ISO 4217 minor digits of the markets' currencies, for display only. */
const CURRENCY_DECIMALS: Record<string, number> = { UGX: 0, XAF: 0, XOF: 0 };

const SWITCH_KEYS = [
  'retries',
  'duplicates',
  'rollbackBeforeBet',
  'rollbackAfterFailedBet',
  'forceOutcome',
] as const;

function readPem(pem: string | undefined): string | undefined {
  // A PEM in an environment variable often arrives with its newlines escaped.
  return pem?.replaceAll('\\n', '\n') || undefined;
}

/** An absolute http(s) address the page may link to; anything else (javascript:, data:) is dropped. */
function safeLink(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000 || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
}

function text(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined;
}

/** Switch changes from a query string (`?retries=1`) or a JSON body; an unknown key or value is an error. */
function readSwitchChanges(source: Record<string, unknown>): Partial<Hub88Switches> | string {
  const changes: Partial<Hub88Switches> = {};
  for (const [key, raw] of Object.entries(source)) {
    if (key === 'reset') continue;
    if (!(SWITCH_KEYS as readonly string[]).includes(key)) return `unknown switch ${key}`;
    if (key === 'forceOutcome') {
      if (raw === null || raw === '' || raw === 'null') changes.forceOutcome = null;
      else if (raw === 'win' || raw === 'lose') changes.forceOutcome = raw;
      else return 'forceOutcome is win, lose or null';
      continue;
    }
    const flag =
      raw === true || raw === '1' || raw === 'true'
        ? true
        : raw === false || raw === '0' || raw === 'false'
          ? false
          : undefined;
    if (flag === undefined) return `${key} is 1/true or 0/false`;
    changes[key as Exclude<(typeof SWITCH_KEYS)[number], 'forceOutcome'>] = flag;
  }
  return changes;
}

export const hub88SimulatorPlugin: FastifyPluginAsync<Hub88SimulatorOptions> = async (app, options) => {
  const switches: Hub88Switches = { ...DEFAULT_SWITCHES, ...options.switches };
  const calls: WalletCall[] = [];
  const sessions = new Map<string, PlayerSession>();
  const privateKeyPem = readPem(options.privateKeyPem);
  const operatorPublicKeyPem = readPem(options.operatorPublicKeyPem);
  const wallet: WalletClient | undefined =
    options.walletUrl && privateKeyPem && operatorPublicKeyPem
      ? createWalletClient({
          walletUrl: options.walletUrl,
          privateKey: createPrivateKey(privateKeyPem),
          operatorPublicKey: createPublicKey(operatorPublicKeyPem),
          timeoutMs: options.timeoutMs ?? 5000,
          onCall: (call) => {
            calls.push(call);
            if (calls.length > MAX_CALLS_KEPT) calls.splice(0, calls.length - MAX_CALLS_KEPT);
            if (call.error) app.log.warn({ action: call.action, error: call.error }, 'wallet call failed');
          },
        })
      : undefined;
  const random = options.random ?? ((max: number) => randomInt(max));

  function remember(session: PlayerSession): void {
    sessions.set(session.id, session);
    if (sessions.size <= MAX_SESSIONS) return;
    // The least recently used sessions go first: a long-open game keeps playing.
    const oldest = [...sessions.values()].sort((a, b) => a.lastUsedAt - b.lastUsedAt)[0];
    if (oldest) sessions.delete(oldest.id);
  }

  app.get(LAUNCH_PATH, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const game = REEL_GAMES.get(String(query.game_code ?? ''));
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!game) return reply.code(404).send(renderErrorPage('Unknown game_code.'));
    const currency = text(query.currency, 3);
    if (!currency || !/^[A-Z]{3}$/.test(currency))
      return reply.code(400).send(renderErrorPage('A currency is needed.'));
    // Hub88's demo: currency XXX and no token; it never calls the wallet.
    const demo = currency === DEMO_CURRENCY;
    const token = text(query.token, 255);
    if (!demo && !token) return reply.code(400).send(renderErrorPage('A real-money launch needs a token.'));
    if (!demo && !wallet) {
      return reply
        .code(503)
        .send(
          renderErrorPage('The provider is not connected to a casino wallet (PROVIDER_WALLET_URL and keys).'),
        );
    }
    const session: PlayerSession = {
      id: randomBytes(18).toString('base64url'),
      game,
      mode: demo ? 'demo' : 'real',
      token: demo ? undefined : token,
      user: demo ? undefined : text(query.user, 64),
      currency,
      balance: demo ? DEMO_BALANCE : undefined,
      busy: false,
      lastUsedAt: Date.now(),
    };
    remember(session);
    const nonce = randomBytes(16).toString('base64');
    // Framed by the operator's site: no frame-ancestors limit; the script may only call this origin.
    reply.header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; connect-src 'self'; base-uri 'none'; form-action 'none'`,
    );
    return renderGamePage({
      game,
      sessionId: session.id,
      mode: session.mode,
      currency,
      decimals: CURRENCY_DECIMALS[currency] ?? 2,
      stakes: STAKES,
      language: pickPageLanguage(text(query.lang, 10)),
      lobbyUrl: safeLink(query.lobby_url),
      depositUrl: safeLink(query.deposit_url),
      nonce,
    });
  });

  const roundDeps = (): RoundDeps | undefined => (wallet ? { wallet, switches, random } : undefined);

  app.post<{ Params: { id: string } }>(`${SESSION_PATH}/balance`, async (request, reply) => {
    const session = sessions.get(request.params.id);
    if (!session) return reply.code(404).send({ error: 'unknown session' });
    session.lastUsedAt = Date.now();
    const deps = roundDeps();
    if (session.mode === 'demo' || !deps) return { balance: session.balance, currency: session.currency };
    const answer = await balanceOf(deps, session);
    return answer?.status === 'RS_OK'
      ? { balance: answer.balance, currency: session.currency }
      : { error: answer?.status ?? 'NO_ANSWER', balance: session.balance, currency: session.currency };
  });

  app.post<{ Params: { id: string }; Body: { stake?: unknown } }>(
    `${SESSION_PATH}/spin`,
    async (request, reply) => {
      const session = sessions.get(request.params.id);
      if (!session) return reply.code(404).send({ error: 'unknown session' });
      const stake = Number(request.body?.stake);
      if (!(STAKES as readonly number[]).includes(stake))
        return reply.code(400).send({ error: 'not an offered stake' });
      // One round at a time per session: a double tap does not become two bets.
      if (session.busy) return reply.code(409).send({ error: 'a round is in progress' });
      session.busy = true;
      session.lastUsedAt = Date.now();
      try {
        const units = stake * UNITS_PER_MAJOR;
        const deps = roundDeps();
        if (session.mode === 'real' && !deps) return reply.code(503).send({ error: 'no casino wallet' });
        const outcome =
          deps && session.mode === 'real'
            ? await playRealRound(deps, session, units)
            : playDemoRound({ switches, random }, session, units);
        return {
          ...outcome,
          currency: session.currency,
          ...('reels' in outcome
            ? {
                reels: outcome.reels.map((symbol) => symbol.glyph),
                symbols: outcome.reels.map((symbol) => symbol.id),
              }
            : {}),
        };
      } finally {
        session.busy = false;
      }
    },
  );

  app.get(CONTROL_PATH, async (request, reply) => {
    // A browser can flip a switch by address (`?retries=1`); without a query this only shows them.
    const changes = readSwitchChanges(request.query as Record<string, unknown>);
    if (typeof changes === 'string') return reply.code(400).send({ error: changes });
    Object.assign(switches, changes);
    return { ...switches };
  });

  app.post<{ Body: unknown }>(CONTROL_PATH, async (request, reply) => {
    const body =
      typeof request.body === 'object' && request.body !== null
        ? (request.body as Record<string, unknown>)
        : {};
    const source = { ...(request.query as Record<string, unknown>), ...body };
    const changes = readSwitchChanges(source);
    if (typeof changes === 'string') return reply.code(400).send({ error: changes });
    if (source.reset === true || source.reset === '1' || source.reset === 'true') {
      Object.assign(switches, DEFAULT_SWITCHES);
      calls.length = 0;
    }
    Object.assign(switches, changes);
    return { ...switches };
  });

  app.get(STATE_PATH, async () => ({
    switches: { ...switches },
    connected: wallet !== undefined,
    sessions: sessions.size,
    calls,
  }));
};

/** A Fastify instance running only the provider simulator, not listening: `inject` it or `listen({ port: 0 })`. */
export function createHub88Simulator(options: Hub88SimulatorOptions): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false });
  void app.register(hub88SimulatorPlugin, options);
  return app;
}
