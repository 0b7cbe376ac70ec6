import { createHash, type KeyObject } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { CountryProfile } from '@app/contracts/country';
import { marketMinStake } from '@app/contracts/game-rules';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import {
  gameSessionOf,
  gameSessionTokenHash,
  markSeen,
  type GameRow,
} from '../catalogue/game-session.service.ts';
import { removeProviderRoundStake } from '../catalogue/game-rounds.service.ts';
import { findMemberStatus, rightToBetOf } from '../../platform/member/member.service.ts';
import { requireVerifiedFor } from '../../platform/kyc/kyc.service.ts';
import {
  ACCOUNT,
  creditMember,
  getBalances,
  getTransactionDetail,
  ledgerCreditCall,
  ledgerDebitCall,
  translateLedgerError,
} from '../../platform/wallet/wallet.service.ts';
import {
  hub88UserFor,
  memberIdOfHub88User,
  REQUEST_SCHEMAS,
  toHub88Units,
  toMinorUnits,
  unitsPerMinor,
  type BetRequest,
  type Hub88Action,
  type Hub88Answer,
  type Hub88Status,
  type RollbackRequest,
  type UserBalanceRequest,
  type UserInfoRequest,
  type WinRequest,
} from './hub88-protocol.ts';
import { isHub88SignatureValid, signHub88Body } from './hub88-signature.ts';
import * as repository from './provider.repository.ts';
import type { CallOutcome, CallRecords, ProviderTransactionRow } from './provider.repository.ts';

/**
 * The operator side of Hub88's seamless wallet (external-protocols.md §4.1 and §4.3; docs/games.md
 * "Third-party provider: Hub88"). The provider holds no money: every bet, win and rollback it reports is
 * turned into a wallet transfer, exactly once, and answered with the player's balance.
 *
 * Crash safety: a call's `provider_transaction` row, its journal transaction and its round are written
 * together: a bet or a win in ONE statement (`provider_bet` / `provider_win`, migration 0021, posting through
 * the wallet's `ledger_debit` / `ledger_credit`), a rollback in one database transaction. After a crash
 * either all exist or none does, and the provider's retry finds the same state. The ledger's
 * idempotency keys (`game:hub88:<transaction_uuid>`, `game:hub88:rollback:<bet transaction_uuid>`) are a
 * second guard: even a replay that slipped past the row could not move money twice.
 */

export const HUB88 = 'hub88';

export type ProviderKeys = {
  /** The provider's public key: checks the signature of every call. */
  providerPublicKey: KeyObject;
  /** Ours: signs every answer. */
  operatorPrivateKey: KeyObject;
};

export type ProviderDeps = {
  db: Kysely<Database>;
  keys: ProviderKeys;
  /** The market: its currency scale converts Hub88's units; its code is the player's country. */
  country: CountryProfile;
};

export type ProviderLogger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

type Db = Kysely<Database>;

/** A call we answer with a status other than RS_OK; nothing it did is kept. */
class Refusal extends Error {
  constructor(
    readonly status: Exclude<Hub88Status, 'RS_OK'>,
    /** Logged as a warning: an ordering or content the provider should not send. */
    readonly warning?: string,
  ) {
    super(status);
  }
}

/** Who the call turned out to be about, once known: refusals after that point carry the balance too. */
type Known = { user: string; memberId: number; currency: string };
type CallContext = { requestUuid: string; user: string; known: Known | undefined; perMinor: number };

/**
 * Answers one call. `rawBody` is the request body exactly as received: the signature is over those
 * bytes. Every outcome is an answer (HTTP 200, Hub88 puts errors in `status`), signed with our key.
 */
export async function answerHub88Call(
  deps: ProviderDeps,
  action: Hub88Action,
  rawBody: Buffer,
  signature: string | undefined,
  log: ProviderLogger,
): Promise<{ body: string; signature: string }> {
  const answer = await answerCall(deps, action, rawBody, signature, log);
  const body = JSON.stringify(answer);
  return { body, signature: signHub88Body(body, deps.keys.operatorPrivateKey) };
}

/**
 * A call that never reached the service: a body that could not be read (too large) is
 * RS_ERROR_WRONG_SYNTAX, anything else RS_ERROR_UNKNOWN; signed like any answer.
 */
export function answerFailedCall(
  deps: ProviderDeps,
  status: 'RS_ERROR_WRONG_SYNTAX' | 'RS_ERROR_UNKNOWN',
): { body: string; signature: string } {
  const body = JSON.stringify({ user: '', status, request_uuid: '' } satisfies Hub88Answer);
  return { body, signature: signHub88Body(body, deps.keys.operatorPrivateKey) };
}

async function answerCall(
  deps: ProviderDeps,
  action: Hub88Action,
  rawBody: Buffer,
  signature: string | undefined,
  log: ProviderLogger,
): Promise<Hub88Answer> {
  const parsed = parseJson(rawBody);
  const context: CallContext = {
    requestUuid: echoed(parsed, 'request_uuid'),
    user: echoed(parsed, 'user'),
    known: undefined,
    perMinor: unitsPerMinor(deps.country.scale),
  };
  // The signature first: nothing of an unsigned body is believed, not even whether it is well formed.
  if (!isHub88SignatureValid(rawBody, signature, deps.keys.providerPublicKey)) {
    return refusalAnswer(context, 'RS_ERROR_INVALID_SIGNATURE');
  }
  try {
    switch (action) {
      case 'user/info':
        return await userInfo(deps, context, parse(action, parsed));
      case 'user/balance':
        return await userBalance(deps, context, parse(action, parsed));
      case 'transaction/bet':
        return await placeBet(deps, context, parse(action, parsed));
      case 'transaction/win':
        return await payWin(deps, context, parse(action, parsed));
      case 'transaction/rollback':
        return await rollBack(deps, context, parse(action, parsed));
    }
  } catch (error) {
    if (error instanceof Refusal) {
      if (error.warning) log.warn({ action, requestUuid: context.requestUuid }, error.warning);
      return refusalAnswer(context, error.status, await balanceOf(deps.db, context));
    }
    log.error({ err: error, action, requestUuid: context.requestUuid }, 'provider call failed');
    return refusalAnswer(context, 'RS_ERROR_UNKNOWN');
  }
}

function parseJson(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** A field to echo in an answer before the body is validated: a short string, or nothing. */
function echoed(parsed: unknown, field: 'request_uuid' | 'user'): string {
  if (typeof parsed !== 'object' || parsed === null) return '';
  const value: unknown = (parsed as Record<string, unknown>)[field];
  return typeof value === 'string' && value.length <= 255 ? value : '';
}

type RequestOf<A extends Hub88Action> = A extends 'user/info'
  ? UserInfoRequest
  : A extends 'user/balance'
    ? UserBalanceRequest
    : A extends 'transaction/bet'
      ? BetRequest
      : A extends 'transaction/win'
        ? WinRequest
        : RollbackRequest;

/** Malformed JSON, a missing field or a wrong type: RS_ERROR_WRONG_SYNTAX, never a 500. */
function parse<A extends Hub88Action>(action: A, parsed: unknown): RequestOf<A> {
  if (parsed === undefined) throw new Refusal('RS_ERROR_WRONG_SYNTAX');
  const result = REQUEST_SCHEMAS[action].safeParse(parsed);
  if (!result.success) throw new Refusal('RS_ERROR_WRONG_SYNTAX');
  return result.data as RequestOf<A>;
}

function refusalAnswer(
  context: CallContext,
  status: Exclude<Hub88Status, 'RS_OK'>,
  balance?: { currency: string; balance: number },
): Hub88Answer {
  return { user: context.known?.user ?? context.user, status, request_uuid: context.requestUuid, ...balance };
}

/** The known player's balance for a refusal (Hub88 asks for it with RS_ERROR_NOT_ENOUGH_MONEY). */
async function balanceOf(
  db: Db,
  context: CallContext,
): Promise<{ currency: string; balance: number } | undefined> {
  if (!context.known) return undefined;
  try {
    const { cash } = await getBalances(db, context.known.memberId);
    return { currency: context.known.currency, balance: toHub88Units(cash, context.perMinor) };
  } catch {
    // Best effort: the refusal is still answered when the balance cannot be read.
    return undefined;
  }
}

function okAnswer(context: CallContext, known: Known, cash: number): Hub88Answer {
  return {
    user: known.user,
    status: 'RS_OK',
    request_uuid: context.requestUuid,
    currency: known.currency,
    balance: toHub88Units(cash, context.perMinor),
  };
}

function amountIn(units: number, context: CallContext): number {
  const minor = toMinorUnits(units, context.perMinor);
  // Not a whole number of our minor units: refused, never rounded either way.
  if (minor === undefined) throw new Refusal('RS_ERROR_WRONG_SYNTAX');
  return minor;
}

type Player = Known & {
  sessionId: number;
  /** The login session that launched the game (one device at a time); null if none did. */
  memberSessionId: number | null;
  gameId: number;
  expired: boolean;
};

/**
 * The player a call is about and the records it needs, read in one query (`findCallRecords`): the token's
 * real-money session, whose member must be the `user` sent. An unknown token, a demo session (it has no
 * wallet) or another member's token: RS_ERROR_INVALID_TOKEN. Expiry is the caller's business (bets only).
 */
async function loadCall(
  deps: ProviderDeps,
  context: CallContext,
  request: { token: string; user?: string | undefined; game_code?: string; transaction_uuid?: string },
): Promise<{ player: Player; records: CallRecords }> {
  const records = await repository.findCallRecords(deps.db, {
    provider: HUB88,
    tokenHash: gameSessionTokenHash(request.token),
    gameCode: request.game_code,
    transactionUuid: request.transaction_uuid,
  });
  const row = records.session;
  const session = row && gameSessionOf(row);
  if (!row || !session || session.mode !== 'launch' || session.memberId === null) {
    throw new Refusal('RS_ERROR_INVALID_TOKEN');
  }
  if (request.user !== undefined && memberIdOfHub88User(request.user) !== session.memberId) {
    throw new Refusal('RS_ERROR_INVALID_TOKEN');
  }
  await markSeen(deps.db, row, session);
  const known = {
    user: hub88UserFor(session.memberId),
    memberId: session.memberId,
    currency: session.currency,
  };
  context.known = known;
  const player = {
    ...known,
    sessionId: session.id,
    memberSessionId: session.memberSessionId,
    gameId: session.gameId,
    expired: session.expired,
  };
  return { player, records };
}

/**
 * The game a call names: one of Hub88's in our catalogue and the session's own. A disabled one is still
 * returned: its wins, rollbacks and replays are honoured; only a new bet refuses it (`placeBet`).
 */
function resolveGame(records: CallRecords, player: Player): GameRow {
  const { game } = records;
  if (!game || game.source !== 'provider' || game.provider !== HUB88 || game.id !== player.gameId) {
    throw new Refusal('RS_ERROR_INVALID_GAME');
  }
  return game;
}

function requireActiveMember(records: CallRecords): void {
  if (records.member?.status !== 'active') throw new Refusal('RS_ERROR_USER_DISABLED');
}

/**
 * A new bet needs what an in-house bet needs (`rightToBetOf`, the member module's one answer): an active
 * account, and the login that launched the game still holding the right to bet. A later login on another
 * device takes that right (one device at a time): for bets this token is then as good as expired, so
 * RS_ERROR_TOKEN_EXPIRED, the status Hub88 forbids for wins and rollbacks, which therefore still settle the
 * bets placed before. Not RS_ERROR_INVALID_TOKEN: the token is ours and still names the player.
 */
function requireRightToBet(records: CallRecords, player: Player): void {
  const { active, rightToBet } = rightToBetOf(records.member, player.memberSessionId);
  if (!active) throw new Refusal('RS_ERROR_USER_DISABLED');
  if (!rightToBet) throw new Refusal('RS_ERROR_TOKEN_EXPIRED');
}

/**
 * The market's identity gate (issue 25 §1), the one check every real-money bet meets (`requireVerifiedFor`).
 * Hub88 has no status for it: RS_ERROR_USER_DISABLED, the player may not bet (the app already refused the
 * launch with the way to verify; this holds for a session opened before).
 */
async function requireVerifiedPlayer(deps: ProviderDeps, player: Player): Promise<void> {
  try {
    await requireVerifiedFor(deps.db, deps.country, player.memberId, 'play');
  } catch (error) {
    if (error instanceof AppError && error.key === 'KYC_REQUIRED')
      throw new Refusal('RS_ERROR_USER_DISABLED');
    throw error;
  }
}

/**
 * The game's stakes, inclusive, and never below the market's legal minimum (Kenya's KSh 20, the country
 * profile's minStake), as an in-house round's: each bet call on its own (a round may hold several
 * bets, as a double-down does). Hub88 has no limit status of its own, so RS_ERROR_UNKNOWN, its status for
 * "cases without a special error code" (docs/games.md). Nothing is recorded: a replay meets the same limits
 * and the same answer, and the supplier's rollback of the refused bet leaves a tombstone. A zero stake
 * (Hub88 may open a round with one) risks no money and is not a stake the limits are about.
 */
function checkStake(game: GameRow, amount: number, market: CountryProfile): void {
  const minStake = marketMinStake(game.min_stake, market);
  if (amount === 0 || (amount >= minStake && amount <= game.max_stake)) return;
  throw new Refusal(
    'RS_ERROR_UNKNOWN',
    `a bet of ${amount} outside the stakes of ${game.code} (${minStake} to ${game.max_stake}) refused`,
  );
}

async function userInfo(
  deps: ProviderDeps,
  context: CallContext,
  request: UserInfoRequest,
): Promise<Hub88Answer> {
  // The `user` is the identity our launch gave the provider; one we never issued is treated like a
  // token we never issued.
  const memberId = memberIdOfHub88User(request.user);
  const status = memberId === undefined ? undefined : await findMemberStatus(deps, memberId);
  if (memberId === undefined || status === undefined) throw new Refusal('RS_ERROR_INVALID_TOKEN');
  if (status !== 'active') throw new Refusal('RS_ERROR_USER_DISABLED');
  const known = { user: request.user, memberId, currency: deps.country.currency };
  context.known = known;
  const { cash } = await getBalances(deps.db, memberId);
  return { ...okAnswer(context, known, cash), country: deps.country.code };
}

/**
 * A balance read is harmless: answered on an expired token too (the game shows the final balance), and on
 * a session whose login lost the right to bet to another device (the same player's own balance; the game
 * on the old device learns at its next bet, RS_ERROR_TOKEN_EXPIRED). A disabled account is not answered.
 */
async function userBalance(
  deps: ProviderDeps,
  context: CallContext,
  request: UserBalanceRequest,
): Promise<Hub88Answer> {
  const { player, records } = await loadCall(deps, context, request);
  if (request.game_code !== undefined) resolveGame(records, player);
  requireActiveMember(records);
  const { cash } = await getBalances(deps.db, player.memberId);
  return okAnswer(context, player, cash);
}

/** What makes two calls with one transaction_uuid the same call (Hub88 compares these fields). */
function requestHash(
  kind: 'bet' | 'win' | 'rollback',
  request: {
    user: string;
    round: string;
    game_code: string;
    amount?: number;
    currency?: string;
    reference_transaction_uuid?: string;
  },
): string {
  const fields = [
    kind,
    request.user,
    request.amount ?? null,
    request.currency ?? null,
    request.round,
    request.game_code,
    request.reference_transaction_uuid ?? null,
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/** What is stored of a call: everything but the token, which is a credential. */
function storedRequest(request: { token: string }): Record<string, unknown> {
  const { token: _token, ...rest } = request;
  return rest;
}

/**
 * A transaction_uuid seen before. The same call again: RS_OK with the CURRENT balance, nothing done. A bet
 * whose id a rollback already claimed (a tombstone) or that was rolled back: RS_ERROR_TRANSACTION_ROLLED_BACK.
 * Other content under the id: RS_ERROR_DUPLICATE_TRANSACTION.
 */
async function answerReplay(
  deps: ProviderDeps,
  context: CallContext,
  player: Known,
  existing: ProviderTransactionRow,
  kind: 'bet' | 'win' | 'rollback',
  hash: string,
): Promise<Hub88Answer> {
  if (existing.state === 'tombstone') {
    throw new Refusal(kind === 'bet' ? 'RS_ERROR_TRANSACTION_ROLLED_BACK' : 'RS_ERROR_DUPLICATE_TRANSACTION');
  }
  if (existing.kind !== kind || existing.request_hash !== hash)
    throw new Refusal('RS_ERROR_DUPLICATE_TRANSACTION');
  if (existing.state === 'rolled_back') throw new Refusal('RS_ERROR_TRANSACTION_ROLLED_BACK');
  const { cash } = await getBalances(deps.db, player.memberId);
  return okAnswer(context, player, cash);
}

const RETRYABLE = new Set([
  '40001',
  '40P01',
  // A serialisation failure inside the wallet's statement leaves our transaction aborted; the wallet's own
  // retry then meets 25P02. The whole transaction is what must be retried.
  '25P02',
]);

/** Runs a call's unit of work again after a serialisation failure or a deadlock (at most 4 times). */
async function retrying<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && RETRYABLE.has(code) && attempt < 4) continue;
      throw error;
    }
  }
}

/** One database transaction for a call's row, its journal transaction and its round, retried whole. */
function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return retrying(() => db.transaction().execute(work));
}

/** Raised inside a transaction when another call with the same transaction_uuid committed first. */
const CONCURRENT_REPLAY = Symbol('concurrent replay');

/**
 * Runs a call's one statement (`provider_bet`, `provider_win`) and reads its refusals: too little cash is
 * RS_ERROR_NOT_ENOUGH_MONEY (the wallet checked the locked balance, so parallel bets never overdraw), a
 * stake above the active bonus's maximum or past one of the player's limits RS_ERROR_UNKNOWN (the
 * wallet's BONUS_MAX_STAKE, LIMIT_*); the
 * statements' own SQLSTATEs (migration 0021) are a round of another player (PV001), a bet that is not this
 * player's in this game (PV404) and a bet rolled back (PV409).
 */
async function runCallStatement(work: () => Promise<CallOutcome>): Promise<CallOutcome> {
  try {
    return await retrying(work);
  } catch (error) {
    const translated = translateLedgerError(error);
    if (translated instanceof AppError && translated.key === 'INSUFFICIENT_BALANCE') {
      throw new Refusal('RS_ERROR_NOT_ENOUGH_MONEY');
    }
    // Above the active bonus's maximum stake (the wallet's wagering trigger): no status of its own at Hub88.
    if (translated instanceof AppError && translated.key === 'BONUS_MAX_STAKE') {
      throw new Refusal('RS_ERROR_UNKNOWN', 'a bet above the active bonus maximum stake refused');
    }
    // Past one of the player's responsible-gambling limits (the wallet's limits trigger): none at Hub88 either.
    if (translated instanceof AppError && translated.key.startsWith('LIMIT_')) {
      throw new Refusal('RS_ERROR_UNKNOWN', `a bet past the player's limit refused (${translated.key})`);
    }
    switch ((error as { code?: unknown }).code) {
      case 'PV001':
        throw new Refusal(
          'RS_ERROR_UNKNOWN',
          'a bet in a round of this game that belongs to another player refused',
        );
      case 'PV404':
        throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      case 'PV409':
        throw new Refusal('RS_ERROR_TRANSACTION_ROLLED_BACK');
      default:
        throw translated;
    }
  }
}

async function placeBet(deps: ProviderDeps, context: CallContext, request: BetRequest): Promise<Hub88Answer> {
  const amount = amountIn(request.amount, context);
  const { player, records } = await loadCall(deps, context, request);
  const game = resolveGame(records, player);
  if (request.currency !== player.currency) throw new Refusal('RS_ERROR_WRONG_CURRENCY');
  const hash = requestHash('bet', request);

  // A replay is answered as the first call was, whatever happened since to the session, the member, their
  // login (one device), the game or its stakes: the rules for a NEW bet come after this.
  if (records.existing) return answerReplay(deps, context, player, records.existing, 'bet', hash);
  if (!game.enabled) throw new Refusal('RS_ERROR_INVALID_GAME');
  if (player.expired) throw new Refusal('RS_ERROR_TOKEN_EXPIRED');
  requireRightToBet(records, player);
  await requireVerifiedPlayer(deps, player);
  // No free-bet campaign is run through Hub88 (its Freebets API is not integrated): charging a "free" spin
  // would be wrong, and not charging it would let the house pay for rounds nobody granted.
  if (request.is_free === true)
    throw new Refusal('RS_ERROR_UNKNOWN', 'a free bet was sent; none was granted');
  checkStake(game, amount, deps.country);

  // The record, the debit and the round in one statement (migration 0021). A zero stake (Hub88 may open a
  // round with one) is recorded without a journal transaction: the ledger refuses zero entries.
  const outcome = await runCallStatement(() =>
    repository.placeBet(deps.db, {
      ...callRecord(request, player, game, amount, hash),
      roundClosed: request.round_closed === true,
      ledger:
        amount > 0
          ? ledgerDebitCall({
              memberId: player.memberId,
              to: ACCOUNT.houseFor(player.memberId),
              key: `game:hub88:${request.transaction_uuid}`,
              kind: 'bet',
              amount,
              description: game.name,
            })
          : undefined,
    }),
  );
  if (outcome.outcome === 'replay')
    return answerConcurrentReplay(deps, context, player, request.transaction_uuid, 'bet', hash);
  return okAnswer(context, player, outcome.cash);
}

/** What is recorded of a bet or win call (`provider_transaction`), with its round and the player's account. */
function callRecord(
  request: BetRequest | WinRequest,
  player: Player,
  game: GameRow,
  amount: number,
  hash: string,
) {
  return {
    provider: HUB88,
    transactionUuid: request.transaction_uuid,
    memberId: player.memberId,
    gameId: game.id,
    sessionId: player.sessionId,
    round: request.round,
    amount,
    currency: request.currency,
    requestHash: hash,
    request: storedRequest(request),
    playerAccount: ACCOUNT.player(player.memberId),
  };
}

async function answerConcurrentReplay(
  deps: ProviderDeps,
  context: CallContext,
  player: Known,
  transactionUuid: string,
  kind: 'bet' | 'win' | 'rollback',
  hash: string,
): Promise<Hub88Answer> {
  const existing = await repository.findTransaction(deps.db, HUB88, transactionUuid);
  if (!existing) throw new Error(`provider transaction ${transactionUuid} conflicted but cannot be found`);
  return answerReplay(deps, context, player, existing, kind, hash);
}

/**
 * A win on a bet. Honoured on an expired token, a session whose login lost the right to bet to another
 * device, a disabled game and a member who has since closed the account: the money was won. Zero wins
 * (Hub88 closes rounds with them) are recorded without a journal transaction.
 */
async function payWin(deps: ProviderDeps, context: CallContext, request: WinRequest): Promise<Hub88Answer> {
  const amount = amountIn(request.amount, context);
  const { player, records } = await loadCall(deps, context, request);
  const game = resolveGame(records, player);
  if (request.currency !== player.currency) throw new Refusal('RS_ERROR_WRONG_CURRENCY');
  const hash = requestHash('win', request);
  if (records.existing) return answerReplay(deps, context, player, records.existing, 'win', hash);

  // The record, the lock on the bet (a rollback of it waits, then sees the win and is refused), the credit
  // and the round in one statement (migration 0021).
  const outcome = await runCallStatement(() =>
    repository.payWin(deps.db, {
      ...callRecord(request, player, game, amount, hash),
      betTransactionUuid: request.reference_transaction_uuid,
      ledger:
        amount > 0
          ? ledgerCreditCall({
              memberId: player.memberId,
              from: ACCOUNT.houseFor(player.memberId),
              key: `game:hub88:${request.transaction_uuid}`,
              kind: 'win',
              amount,
              description: game.name,
            })
          : undefined,
    }),
  );
  if (outcome.outcome === 'replay')
    return answerConcurrentReplay(deps, context, player, request.transaction_uuid, 'win', hash);
  return okAnswer(context, player, outcome.cash);
}

/**
 * A rollback returns a bet's stake. Honoured on an expired token or a session that lost the right to bet
 * (Hub88 retries rollbacks until it gets an answer). Its cases (docs/games.md):
 * - the bet was never seen: a tombstone takes the bet's transaction_uuid and we answer RS_OK (the
 *   "success, nothing to undo" camp of reference §4.3); the late bet is then refused as rolled back;
 * - the bet was already rolled back (or tombstoned): RS_OK, nothing more;
 * - the bet has a win: refused with RS_ERROR_UNKNOWN, the stake stays taken and the win paid;
 * - the referenced transaction is not one of this player's bets in this game: RS_ERROR_TRANSACTION_DOES_NOT_EXIST.
 */
async function rollBack(
  deps: ProviderDeps,
  context: CallContext,
  request: RollbackRequest,
): Promise<Hub88Answer> {
  const { player, records } = await loadCall(deps, context, request);
  const game = resolveGame(records, player);
  const hash = requestHash('rollback', request);
  if (records.existing) return answerReplay(deps, context, player, records.existing, 'rollback', hash);
  const betUuid = request.reference_transaction_uuid;

  const outcome = await inTransaction(deps.db, async (trx) => {
    const id = await repository.insertTransaction(trx, {
      provider: HUB88,
      transactionUuid: request.transaction_uuid,
      kind: 'rollback',
      memberId: player.memberId,
      gameId: game.id,
      round: request.round,
      referenceTransactionUuid: betUuid,
      amount: 0,
      currency: player.currency,
      requestHash: hash,
      request: storedRequest(request),
      state: 'done',
    });
    if (id === undefined) return CONCURRENT_REPLAY;
    // The tombstone claims the bet's id. If the bet is being written at this moment, this waits for it
    // and then does nothing; if not, the late bet will find the id taken.
    const tombstone = await repository.insertTransaction(trx, {
      provider: HUB88,
      transactionUuid: betUuid,
      kind: 'bet',
      memberId: player.memberId,
      gameId: game.id,
      round: request.round,
      referenceTransactionUuid: null,
      amount: 0,
      currency: player.currency,
      requestHash: 'tombstone',
      request: { tombstone: true, rollback_transaction_uuid: request.transaction_uuid },
      state: 'tombstone',
    });
    if (tombstone !== undefined) return (await getBalances(trx, player.memberId)).cash;

    const bet = await repository.lockTransaction(trx, HUB88, betUuid);
    if (!bet || bet.kind !== 'bet' || bet.member_id !== player.memberId || bet.game_id !== game.id) {
      throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    }
    if (bet.state === 'done') {
      if (await repository.hasWinOn(trx, HUB88, betUuid)) {
        throw new Refusal('RS_ERROR_UNKNOWN', `rollback of bet ${betUuid}, which already has a win, refused`);
      }
      let journalTransactionId: number | null = null;
      if (bet.amount > 0) {
        journalTransactionId = await refundStake(trx, player.memberId, bet, game.name);
      }
      await repository.markRolledBack(trx, bet.id);
      await repository.recordOutcome(trx, id, { journalTransactionId, amount: bet.amount });
      await removeProviderRoundStake(trx, {
        gameId: game.id,
        memberId: player.memberId,
        round: bet.round,
        stake: bet.amount,
        refundTransactionId: journalTransactionId,
      });
    }
    return (await getBalances(trx, player.memberId)).cash;
  });
  if (outcome === CONCURRENT_REPLAY) {
    return answerConcurrentReplay(deps, context, player, request.transaction_uuid, 'rollback', hash);
  }
  return okAnswer(context, player, outcome);
}

/**
 * Gives a bet's stake back exactly as it was taken: the cash, and the withdrawable part the bet had to
 * trim (the bet's own journal entries say how much), so a rollback leaves the player as before the bet.
 * The key is the BET's id, so one bet is refunded at most once whatever the rollbacks' own ids.
 */
async function refundStake(
  trx: Transaction<Database>,
  memberId: number,
  bet: ProviderTransactionRow,
  description: string,
): Promise<number> {
  const taken =
    bet.journal_transaction_id === null
      ? undefined
      : await getTransactionDetail(trx, memberId, bet.journal_transaction_id);
  const posted = await creditMember(trx, {
    memberId,
    from: ACCOUNT.houseFor(memberId),
    key: `game:hub88:rollback:${bet.transaction_uuid}`,
    kind: 'refund',
    cash: bet.amount,
    withdrawable: taken ? -taken.withdrawAmount : 0,
    description,
    fact: { kind: 'rollback', gameId: bet.game_id, ref: bet.transaction_uuid },
  });
  return posted.transactionId;
}
