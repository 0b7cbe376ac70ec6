import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Balance, IncomeTotalSchema, MemberTransaction, TransactionKind } from '@app/contracts/wallet';
import type { ErrorKey } from '@app/contracts/errors';
import type { z } from 'zod';
import type { Asset, Database, MoneyFactKind } from '../../../db/schema.ts';
import { retrying } from '../../../db/transactions.ts';
import { AppError } from '../../../http/app-error.ts';
import { limitErrorOf } from './player-limits.service.ts';
import * as repository from './wallet.repository.ts';
import type { LockedAccount } from './wallet.repository.ts';

/**
 * The wallet module: the only code that writes balances (architecture.md "The wallet").
 *
 * `postTransaction` is the one way value moves. It takes an idempotency key unique per source, locks the
 * accounts involved in id order, lets the caller build its entries from the locked balances (a bet's
 * debit must also trim the withdrawable part), checks that entries sum to zero per asset, applies them
 * with one UPDATE per account (a CHECK refuses any overdraft), and records the entries. The same key with
 * the same request returns the first transaction; with another request it is refused.
 */
type Db = Kysely<Database>;

/**
 * Every asset an account holds. Tickets (migration 0051) are whole units, like diamonds: the free tickets a
 * VIP benefit gives, spent by the draws (`spendMemberAsset`).
 */
export const ASSETS: readonly Asset[] = ['cash', 'withdrawable', 'coins', 'diamonds', 'tickets'];

/** How many shards the house has ('house:0' … 'house:255', migrations 0009 and 0017). */
export const HOUSE_SHARDS = 256;

/**
 * The directory of the ledger's accounts: every account a module names is named here, so no module
 * spells an account code of its own. All but the players' and the promotion budgets exist from the
 * migrations; a member's is opened at registration (`openPlayerAccount`), a programme's budget on its
 * first use (`openPromotionBudget`).
 */
export const ACCOUNT = {
  /** The house, for operator-level movements. Player bets and wins use `houseFor(memberId)`. */
  house: 'house',
  /** The house shard a member's bets and wins go to (the shards migrations 0009 and 0017 created). */
  houseFor: (memberId: number) => `house:${memberId % HOUSE_SHARDS}`,
  /** Outside the platform: where paid-out withdrawals go, where operator refunds come from. */
  world: 'world',
  mpesaClearing: 'clearing:mpesa',
  /** Where withdrawals wait between reservation and payout (or return). */
  withdrawHold: 'clearing:withdraw-hold',
  /** What is owed to the tax authority (migration 0030): a deposit's excise, a paid withdrawal's tax. */
  taxDepositExcise: 'tax:deposit-excise',
  taxWithdrawal: 'tax:withdrawal',
  /** Where coins, diamonds and exchanged cash come from (deposit packages, the exchange). */
  promotionBonus: 'promotion:bonus',
  /**
   * A promotion programme's budget (`promo:<programme>:budget`): every reward of the programme is paid
   * from it, so its balance is minus what the programme has cost. It may go below zero (an overdraft
   * account, like the house): the programme's own limits are checked by the promotion in its transaction,
   * the ledger only keeps the count. See docs/decisions.md "One wallet vocabulary".
   */
  promotionBudget: (programme: string) => `promo:${checkProgramme(programme)}:budget`,
  player: (memberId: number) => `player:${memberId}`,
  /**
   * A draw product's prize fund (`draw:<product>:fund`, docs/draws.md "Money"): every ticket's price goes
   * in, every prize and the house's share come out; a settled draw leaves nothing in it.
   */
  drawFund: (product: string) => `draw:${checkProgramme(product)}:fund`,
  /** What a draw product's unwon pools and rounding carry to later draws (`draw:<product>:rollover`). */
  drawRollover: (product: string) => `draw:${checkProgramme(product)}:rollover`,
} as const;

function checkProgramme(programme: string): string {
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(programme)) {
    throw new Error(
      `ledger: a promotion programme is named in lower-case letters, digits and '-' (${programme})`,
    );
  }
  return programme;
}

/**
 * A money fact (migration 0031): what promotions count, written with the journal transaction it
 * describes, in the same database transaction and below its idempotency guard (a replayed key writes no
 * second fact). `ref` is the source's own reference (a round, a provider call, an order number).
 */
export type MoneyFact = {
  kind: MoneyFactKind;
  memberId: number;
  /** Minor units, positive: the stake, the win, the stake given back, the deposit paid, the withdrawal paid. */
  amount: number;
  gameId?: number | null;
  ref: string;
};

/** A fact given to a member debit or credit: its member and amount are the call's own. */
export type FactOf = Omit<MoneyFact, 'memberId' | 'amount'>;

export type Posting = {
  account: string;
  asset: Asset;
  amount: number;
  /**
   * The leg's own type, when it is not the transaction's: a withdrawal's reservation carries its fee and
   * tax as legs of their own, so the member's history can list them by type (general path only).
   */
  kind?: TransactionKind;
};

type RequestHeader = {
  /** Unique per source: 'mpesa:<CheckoutRequestID>', 'game:<provider>:<round>', … */
  key: string;
  kind: TransactionKind;
  /** The member the transaction is about (their history shows it). */
  memberId: number | null;
  description?: string;
  /** What makes two requests with the same key the same (the amounts, the order…). */
  request: unknown;
  /** The money fact this transaction is (not part of what makes two requests the same). */
  fact?: MoneyFact | undefined;
  /**
   * A win's bets (their journal transaction ids): the win's withdrawable part follows the real part of
   * what they staked (a plain member credit only; not part of what makes two requests the same).
   */
  stakes?: number[] | undefined;
};

/**
 * A journal transaction to post. Most are known before any balance is read: fixed `postings`, plus at
 * most one member `debit` whose withdrawable trim depends on the locked balance. Those run as one
 * statement in the database (`ledger_post`, migration 0014). Anything else passes `build`, which gets the
 * locked accounts and returns its postings (several statements, the same rules).
 */
export type TransactionRequest = RequestHeader &
  (
    | {
        postings: Posting[];
        /** Cash out of a member's account to another, the withdrawable part first (real money first). */
        debit?: { memberId: number; to: string; amount: number };
        build?: never;
      }
    | {
        /** Every account the entries may touch; they are locked in id order before `build` runs. */
        accounts: string[];
        build: (locked: Map<string, LockedAccount>) => Posting[];
        postings?: never;
      }
  );

export type PostedTransaction = { transactionId: number; replayed: boolean };

function hashOf(request: TransactionRequest): string {
  return createHash('sha256')
    .update(JSON.stringify({ kind: request.kind, memberId: request.memberId, request: request.request }))
    .digest('hex');
}

function checkAmount(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount === 0) {
    throw new Error(`ledger: a posting must be a non-zero whole number of minor units (${amount})`);
  }
  return amount;
}

function checkBalanced(postings: Posting[]): void {
  for (const posting of postings) checkAmount(posting.amount);
  for (const asset of ASSETS) {
    const sum = postings
      .filter((posting) => posting.asset === asset)
      .reduce((total, p) => total + p.amount, 0);
    if (sum !== 0) throw new Error(`ledger: ${asset} entries sum to ${sum}, not 0`);
  }
}

/**
 * The ledger's own SQLSTATEs as the errors the API answers (INSUFFICIENT_BALANCE, IDEMPOTENCY_CONFLICT,
 * BONUS_MAX_STAKE: a bet above the active bonus grant's maximum stake, raised by `bonus_wagering`; a
 * responsible-gambling limit's own error, WL006 raised by `player_limits_apply`);
 * anything else unchanged. Exported for modules whose own statement runs a ledger function (`ledgerDebitCall`).
 */
export function translateLedgerError(error: unknown): unknown {
  const code = (error as { code?: string } | null)?.code;
  if (code === '23514' || code === 'WL001') return new AppError('INSUFFICIENT_BALANCE');
  if (code === 'WL003') return new AppError('IDEMPOTENCY_CONFLICT');
  if (code === 'WL005') return new AppError('BONUS_MAX_STAKE');
  return limitErrorOf(error) ?? error;
}

/**
 * Posts one journal transaction. On its own (`db` is not a transaction) it runs in a database transaction
 * of its own and retries 40001/40P01 itself. Inside a caller's transaction (`db.isTransaction`, e.g. a
 * deposit settled under its order's row lock) it cannot retry: after a serialisation failure or a deadlock
 * the caller's transaction is aborted (or its snapshot is stale), and running the statement again there
 * fails or reads old data. So it runs under a savepoint, is undone alone if it fails (a refused overdraft
 * leaves the caller's transaction usable), and lets a retryable error propagate: the caller's unit of work
 * retries as a whole (`retryingTransaction`, db/transactions.ts).
 */
export async function postTransaction(db: Db, request: TransactionRequest): Promise<PostedTransaction> {
  const payloadHash = hashOf(request);
  if (request.stakes && request.build !== undefined) {
    throw new Error("ledger: a win's stakes split only a plain member credit");
  }
  if (db.isTransaction) return postInCallerTransaction(db as Transaction<Database>, request, payloadHash);
  try {
    return await retrying(async () => {
      if (request.build === undefined) return postInOneStatement(db, request, payloadHash);
      const { build, accounts } = request;
      return db.transaction().execute((trx) => postOnce(trx, request, { build, accounts }, payloadHash));
    });
  } catch (error) {
    throw translateLedgerError(error);
  }
}

async function postInCallerTransaction(
  trx: Transaction<Database>,
  request: TransactionRequest,
  payloadHash: string,
): Promise<PostedTransaction> {
  await sql`savepoint ledger_post`.execute(trx);
  try {
    const posted =
      request.build === undefined
        ? await postInOneStatement(trx, request, payloadHash)
        : await postOnce(trx, request, { build: request.build, accounts: request.accounts }, payloadHash);
    await sql`release savepoint ledger_post`.execute(trx);
    return posted;
  } catch (error) {
    await sql`rollback to savepoint ledger_post`.execute(trx);
    throw translateLedgerError(error);
  }
}

async function postInOneStatement(
  db: Db,
  request: RequestHeader & { postings: Posting[]; debit?: { memberId: number; to: string; amount: number } },
  payloadHash: string,
): Promise<PostedTransaction> {
  for (const posting of request.postings) {
    checkAmount(posting.amount);
    // ledger_post stores no leg type: a kinded leg here would silently lose it.
    if (posting.kind !== undefined) throw new Error('ledger: leg types need the general path (build)');
  }
  if (request.debit && request.debit.amount <= 0) throw new Error('ledger: a debit must be positive');
  const debit = request.debit && {
    player: ACCOUNT.player(request.debit.memberId),
    to: request.debit.to,
    amount: checkAmount(request.debit.amount),
  };
  const header = {
    key: request.key,
    payloadHash,
    kind: request.kind,
    memberId: request.memberId,
    description: request.description ?? '',
    fact: request.fact && checkFact(request.fact),
  };
  // A debit alone (a bet, a fee) takes ledger_debit, the same rules without JSON (ledger.sql.ts).
  if (debit && request.postings.length === 0) {
    if (header.fact && (header.fact.amount !== debit.amount || header.fact.memberId !== request.memberId)) {
      throw new Error("ledger: a debit's fact is of its own amount and member");
    }
    return repository.postDebitStatement(db, header, debit);
  }
  const credit = plainCredit(request);
  if (credit) {
    if (header.fact && (header.fact.amount !== credit.cash || header.fact.memberId !== request.memberId)) {
      throw new Error("ledger: a credit's fact is of its own cash and member");
    }
    return repository.postCreditStatement(db, header, credit, request.stakes);
  }
  if (request.stakes) throw new Error("ledger: a win's stakes split only a plain member credit");
  return repository.postStatement(db, header, request.postings, debit);
}

function checkFact(fact: MoneyFact): MoneyFact {
  if (!Number.isSafeInteger(fact.amount) || fact.amount <= 0) {
    throw new Error(`ledger: a money fact is of a positive whole amount (${fact.amount})`);
  }
  return fact;
}

/**
 * Fixed postings that are exactly a credit of a member from one other account (cash, and a withdrawable
 * part from 0 to it): `ledger_credit` posts them without JSON (a win, most refunds). Anything else, undefined.
 */
function plainCredit(
  request: RequestHeader & { postings: Posting[]; debit?: unknown },
): { from: string; player: string; cash: number; withdrawable: number } | undefined {
  if (request.debit !== undefined || request.memberId === null) return undefined;
  const player = ACCOUNT.player(request.memberId);
  const [cashIn, cashOut, wdIn, wdOut, ...rest] = request.postings;
  if (!cashIn || !cashOut || rest.length > 0) return undefined;
  if (cashIn.account !== player || cashIn.asset !== 'cash' || cashIn.amount <= 0) return undefined;
  if (cashOut.account === player || cashOut.asset !== 'cash' || cashOut.amount !== -cashIn.amount)
    return undefined;
  let withdrawable = 0;
  if (wdIn || wdOut) {
    if (!wdIn || !wdOut || wdIn.account !== player || wdOut.account !== cashOut.account) return undefined;
    if (wdIn.asset !== 'withdrawable' || wdOut.asset !== 'withdrawable' || wdOut.amount !== -wdIn.amount) {
      return undefined;
    }
    if (wdIn.amount <= 0 || wdIn.amount > cashIn.amount) return undefined;
    withdrawable = wdIn.amount;
  }
  return { from: cashOut.account, player, cash: cashIn.amount, withdrawable };
}

/** The withdrawable cash postings move on a member's account, as a size (a money fact's own money). */
function ownMoneyOf(postings: readonly Posting[], memberId: number): number {
  const player = ACCOUNT.player(memberId);
  const moved = postings
    .filter((posting) => posting.asset === 'withdrawable' && posting.account === player)
    .reduce((sum, posting) => sum + posting.amount, 0);
  return Math.abs(moved);
}

async function postOnce(
  trx: Transaction<Database>,
  request: RequestHeader,
  { build, accounts }: { build: (locked: Map<string, LockedAccount>) => Posting[]; accounts: string[] },
  payloadHash: string,
): Promise<PostedTransaction> {
  const transactionId = await repository.insertTransaction(trx, {
    key: request.key,
    payloadHash,
    kind: request.kind,
    memberId: request.memberId,
    description: request.description ?? '',
  });
  if (transactionId === undefined) {
    const existing = await repository.findTransactionByKey(trx, request.key);
    if (!existing || existing.payload_hash !== payloadHash) throw new AppError('IDEMPOTENCY_CONFLICT');
    return { transactionId: existing.id, replayed: true };
  }
  const locked = await repository.lockAccounts(trx, [...new Set(accounts)]);
  const byCode = new Map(locked.map((account) => [account.code, account]));
  const postings = build(byCode);
  checkBalanced(postings);
  // The fact after the locks and before any write, as in the ledger's functions (its trigger locks the
  // member's bonus grant), with its own money: the withdrawable cash the postings move on the member.
  if (request.fact) {
    const fact = checkFact(request.fact);
    await repository.insertFact(trx, fact, transactionId, ownMoneyOf(postings, fact.memberId));
  }

  const deltas = new Map<number, Record<Asset, number>>();
  const entries = postings.map((posting) => {
    const account = byCode.get(posting.account);
    if (!account) throw new Error(`ledger: account ${posting.account} was not locked for this transaction`);
    const delta = deltas.get(account.id) ?? { cash: 0, withdrawable: 0, coins: 0, diamonds: 0, tickets: 0 };
    delta[posting.asset] += posting.amount;
    deltas.set(account.id, delta);
    return {
      transactionId,
      accountId: account.id,
      asset: posting.asset,
      amount: posting.amount,
      kind: posting.kind ?? null,
    };
  });
  for (const [accountId, delta] of deltas) await repository.applyDeltas(trx, accountId, delta);
  await repository.insertEntries(trx, entries);
  return { transactionId, replayed: false };
}

/** Whether the member has a ledger account (every registered member has one: a way to check a member id). */
export async function hasPlayerAccount(db: Db, memberId: number): Promise<boolean> {
  return (await repository.findPlayerBalances(db, memberId)) !== undefined;
}

/** Creates the member's account (at registration, so every member has one from the start). */
export async function openPlayerAccount(db: Db, memberId: number): Promise<void> {
  await repository.ensurePlayerAccount(db, memberId);
}

/**
 * Value into a member's account from another account (one of the wallet's three calls with `debitMember`
 * and `transfer`). `withdrawable` says how much of the cash may be withdrawn (a deposit's or a win's all of
 * it; a bonus's none). `fact`, for a win or a rollback, is the money fact of the credited cash.
 */
export async function creditMember(
  db: Db,
  input: {
    memberId: number;
    from: string;
    key: string;
    kind: TransactionKind;
    cash?: number;
    withdrawable?: number;
    coins?: number;
    diamonds?: number;
    /** Whole tickets (a VIP benefit's free tickets). */
    tickets?: number;
    description?: string;
    fact?: FactOf;
    /**
     * A win's bets (their journal transaction ids): when they staked bonus cash, the withdrawable part
     * is `floor(cash × real part of the stakes ÷ stakes)` (issue 14 §2), at most `withdrawable` (only
     * for a member who has had a bonus grant: the others keep the credit as asked).
     */
    stakes?: number[];
  },
): Promise<PostedTransaction> {
  await repository.ensurePlayerAccount(db, input.memberId);
  return postTransaction(db, { ...creditRequest(input), stakes: input.stakes });
}

type CreditInput = Parameters<typeof creditMember>[1];

function creditRequest(input: CreditInput): TransactionRequest & { postings: Posting[] } {
  const player = ACCOUNT.player(input.memberId);
  const amounts: Record<Asset, number> = {
    cash: input.cash ?? 0,
    withdrawable: input.withdrawable ?? 0,
    coins: input.coins ?? 0,
    diamonds: input.diamonds ?? 0,
    tickets: input.tickets ?? 0,
  };
  // Tickets are named in the request only when moved, so every credit without them keeps the payload
  // hash it had before tickets existed (a replay of an older key is still the same request).
  const { tickets, ...others } = amounts;
  return {
    key: input.key,
    kind: input.kind,
    memberId: input.memberId,
    description: input.description,
    request: { from: input.from, amounts: tickets === 0 ? others : amounts },
    fact: input.fact && { ...input.fact, memberId: input.memberId, amount: amounts.cash },
    postings: ASSETS.filter((asset) => amounts[asset] !== 0).flatMap((asset) => [
      { account: player, asset, amount: amounts[asset] },
      { account: input.from, asset, amount: -amounts[asset] },
    ]),
  };
}

/**
 * Cash out of a member's account to another account (a bet, a fee, a withdrawal). Real money first
 * (issue 14 §2): the withdrawable part is spent first, the bonus cash only for the remainder.
 * Insufficient cash answers INSUFFICIENT_BALANCE and changes nothing. `fact`, for a bet, is the money fact
 * of the debited amount.
 */
export async function debitMember(
  db: Db,
  input: {
    memberId: number;
    to: string;
    key: string;
    kind: TransactionKind;
    amount: number;
    description?: string;
    fact?: FactOf;
  },
): Promise<PostedTransaction> {
  // No account to open here: players get theirs at registration, and one without it has no cash.
  return postTransaction(db, debitRequest(input));
}

/** The former name of `debitMember`. */
export const debitMemberCash = debitMember;

type DebitInput = Parameters<typeof debitMember>[1];

function debitRequest(input: DebitInput): TransactionRequest {
  return {
    key: input.key,
    kind: input.kind,
    memberId: input.memberId,
    description: input.description,
    request: { to: input.to, amount: input.amount },
    postings: [],
    debit: { memberId: input.memberId, to: input.to, amount: input.amount },
    fact: input.fact && { ...input.fact, memberId: input.memberId, amount: input.amount },
  };
}

/**
 * Value from one account to another, neither of them a member's (a programme's budget funded by the
 * house, a tax paid to the authority): `amount` of `asset`, and as much of the withdrawable part when
 * `withdrawable` (cash only). `memberId` names the member the transfer is about, if any. The accounts'
 * policies hold: a player account is refused here (use `creditMember` / `debitMember`, which keep the
 * withdrawable rule), and an account without overdraft cannot go below zero (INSUFFICIENT_BALANCE).
 */
export async function transfer(
  db: Db,
  input: {
    from: string;
    to: string;
    key: string;
    kind: TransactionKind;
    amount: number;
    asset?: Asset;
    withdrawable?: boolean;
    memberId?: number | null;
    description?: string;
  },
): Promise<PostedTransaction> {
  const asset = input.asset ?? 'cash';
  if (input.from.startsWith('player:') || input.to.startsWith('player:')) {
    throw new Error("ledger: a member's account moves through creditMember or debitMember");
  }
  if (input.from === input.to) throw new Error('ledger: a transfer needs two accounts');
  if (input.amount <= 0) throw new Error(`ledger: a transfer is of a positive amount (${input.amount})`);
  if (input.withdrawable && asset !== 'cash') throw new Error('ledger: only cash has a withdrawable part');
  const assets: Asset[] = input.withdrawable ? ['cash', 'withdrawable'] : [asset];
  return postTransaction(db, {
    key: input.key,
    kind: input.kind,
    memberId: input.memberId ?? null,
    description: input.description,
    request: {
      from: input.from,
      to: input.to,
      asset,
      amount: input.amount,
      withdrawable: !!input.withdrawable,
    },
    postings: assets.flatMap((each) => [
      { account: input.from, asset: each, amount: -input.amount },
      { account: input.to, asset: each, amount: input.amount },
    ]),
  });
}

/**
 * Opens a promotion programme's budget account (`ACCOUNT.promotionBudget`) if it does not exist yet, and
 * returns its code. An overdraft account: see `ACCOUNT.promotionBudget`.
 */
export async function openPromotionBudget(db: Db, programme: string): Promise<string> {
  const code = ACCOUNT.promotionBudget(programme);
  await repository.ensureAccount(db, { code, kind: 'promotion', overdraft: true });
  return code;
}

/**
 * Opens a draw product's prize fund and rollover accounts (`ACCOUNT.drawFund`, `ACCOUNT.drawRollover`) if
 * they do not exist yet. Neither may go below zero: a prize is paid only from what the fund holds.
 */
export async function openDrawAccounts(db: Db, product: string): Promise<{ fund: string; rollover: string }> {
  const fund = ACCOUNT.drawFund(product);
  const rollover = ACCOUNT.drawRollover(product);
  await repository.ensureAccount(db, { code: fund, kind: 'draw', overdraft: false });
  await repository.ensureAccount(db, { code: rollover, kind: 'draw', overdraft: false });
  return { fund, rollover };
}

/**
 * The arguments of the wallet's typed one-statement transfers, `ledger_debit` (migration 0019) and
 * `ledger_credit` (0020), for a module whose own database function posts the transfer together with its
 * own records in one statement (the provider wallet's bets and wins, migration 0021). The wallet still
 * decides everything about the transfer: the accounts, the payload hash that makes a replay of the key the
 * same transfer, the checks; and the ledger functions are still the only code that writes a balance. The
 * same input given to `debitMemberCash` / `creditMember` posts the same transfer under the same key.
 * Errors raised by the functions are the ledger's SQLSTATEs: `translateLedgerError` reads them.
 */
export type LedgerCall = {
  key: string;
  payloadHash: string;
  kind: TransactionKind;
  memberId: number;
  description: string;
  /** The member's account. */
  player: string;
  /** The other account: where a debit goes, where a credit comes from. */
  counterparty: string;
  amount: number;
};

/** A debit as `debitMemberCash` would post it (cash out, the withdrawable part first). */
export function ledgerDebitCall(input: DebitInput): LedgerCall {
  return {
    key: input.key,
    payloadHash: hashOf(debitRequest(input)),
    kind: input.kind,
    memberId: input.memberId,
    description: input.description ?? '',
    player: ACCOUNT.player(input.memberId),
    counterparty: input.to,
    amount: checkAmount(input.amount),
  };
}

/** A win as `creditMember` would post it with `cash` and `withdrawable` both the amount (all of it free to withdraw). */
export function ledgerCreditCall(
  input: Omit<CreditInput, 'cash' | 'withdrawable' | 'coins' | 'diamonds' | 'tickets'> & { amount: number },
): LedgerCall {
  const { amount, ...rest } = input;
  return {
    key: input.key,
    payloadHash: hashOf(creditRequest({ ...rest, cash: amount, withdrawable: amount })),
    kind: input.kind,
    memberId: input.memberId,
    description: input.description ?? '',
    player: ACCOUNT.player(input.memberId),
    counterparty: input.from,
    amount: checkAmount(amount),
  };
}

export async function getBalances(db: Db, memberId: number): Promise<Record<Asset, number>> {
  return (
    (await repository.findPlayerBalances(db, memberId)) ?? {
      cash: 0,
      withdrawable: 0,
      coins: 0,
      diamonds: 0,
      tickets: 0,
    }
  );
}

/**
 * An account's balances by its code (a draw product's fund or rollover, a programme's budget), zero for an
 * account not opened yet. A read only: a caller that moves the amount it read posts it under its own key
 * and lets the ledger's no-overdraft check refuse a stale read.
 */
export async function getAccountBalances(db: Db, code: string): Promise<Record<Asset, number>> {
  const row = await repository.findAccountBalances(db, code);
  return {
    cash: Number(row?.cash ?? 0),
    withdrawable: Number(row?.withdrawable ?? 0),
    coins: Number(row?.coins ?? 0),
    diamonds: Number(row?.diamonds ?? 0),
    tickets: Number(row?.tickets ?? 0),
  };
}

export async function getBalance(db: Db, memberId: number): Promise<Balance> {
  const balances = await getBalances(db, memberId);
  return { money: balances.cash, withdrawMoney: balances.withdrawable };
}

function toMemberTransaction(row: {
  id: number;
  kind: string;
  description: string;
  created_at: Date;
  cash: number;
  withdrawable: number;
  tax: number;
  coins: number;
  diamonds: number;
  tickets: number;
}): MemberTransaction {
  return {
    id: row.id,
    type: row.kind as TransactionKind,
    amount: Number(row.cash),
    withdrawAmount: Number(row.withdrawable),
    tax: Number(row.tax),
    coins: Number(row.coins),
    diamonds: Number(row.diamonds),
    tickets: Number(row.tickets),
    description: row.description,
    createTime: row.created_at.toISOString(),
  };
}

/** One of the member's own transactions; another member's is answered like a missing one. */
export async function getTransactionDetail(db: Db, memberId: number, id: number): Promise<MemberTransaction> {
  const row = await repository.findMemberTransaction(db, memberId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toMemberTransaction(row);
}

export async function getTransactionRecords(
  db: Db,
  memberId: number,
  query: { type?: TransactionKind | undefined; page: number; size: number },
): Promise<{ list: MemberTransaction[]; total: number; page: number; size: number }> {
  const { rows, total } = await repository.findMemberTransactionPage(db, memberId, query);
  return { list: rows.map(toMemberTransaction), total, page: query.page, size: query.size };
}

/** The member's diamond movements, newest first (`diamond-account/records`): reads only. */
export async function getDiamondMovements(
  db: Db,
  memberId: number,
  query: { type?: TransactionKind | undefined; beforeId?: number | undefined; limit: number },
): Promise<
  { id: number; type: TransactionKind; diamond: number; description: string; createTime: string }[]
> {
  const rows = await repository.findMemberDiamondMovements(db, memberId, query);
  return rows.map((row) => ({
    id: Number(row.id),
    type: row.kind as TransactionKind,
    diamond: Number(row.diamonds),
    description: row.description,
    createTime: row.created_at.toISOString(),
  }));
}

export async function getIncomeTotals(
  db: Db,
  memberId: number,
): Promise<z.infer<typeof IncomeTotalSchema>[]> {
  const rows = await repository.incomeTotals(db, memberId);
  return rows.map((row) => ({ type: row.kind as TransactionKind, total: Number(row.total) }));
}

/**
 * What each of the member's transactions did to the member's cash (`cash`, signed) and how much of that
 * its tax legs took (`tax`, ≤ 0), by transaction id. Another member's transactions are not found.
 */
export async function memberCashOf(
  db: Db,
  memberId: number,
  transactionIds: number[],
): Promise<Map<number, { cash: number; tax: number }>> {
  const rows = await repository.memberCashOf(db, memberId, transactionIds);
  return new Map(
    rows.map((row) => [Number(row.transaction_id), { cash: Number(row.cash), tax: Number(row.tax) }]),
  );
}

/** What the member's paid deposits put into the balance, net of their excise (a tax on winnings' own money). */
export async function depositedCash(db: Db, memberId: number): Promise<number> {
  return repository.depositedCash(db, memberId);
}

// The approvers' risk hints (issue 26 §3): a member's latest deposit in a span, and what they staked after it.
export { latestDepositBetween, stakedAfter } from './wallet.repository.ts';

/**
 * A tax account's postings between two instants (the operator's daily report): how many transactions,
 * the tax booked, and the amount it was levied on (the cash that left `source` in those transactions).
 */
export async function taxPostingsBetween(
  db: Db,
  input: { taxAccount: string; source: string; from: Date; to: Date },
): Promise<{ transactions: number; tax: number; amount: number }> {
  return repository.taxPostingsBetween(db, input);
}

/**
 * Coins or diamonds to cash (the exchange, issue 4): in one transaction the member's coins or diamonds go
 * to `promotion:bonus` and the cash comes from it (withdrawable too when the option says so). Checked on
 * the locked balance: not enough answers EXCHANGE_INSUFFICIENT and nothing changes.
 */
export async function exchangeToCash(
  db: Db,
  input: {
    memberId: number;
    key: string;
    asset: 'coins' | 'diamonds';
    amount: number;
    cash: number;
    withdrawable: boolean;
    description?: string;
  },
): Promise<PostedTransaction> {
  const player = ACCOUNT.player(input.memberId);
  const budget = ACCOUNT.promotionBonus;
  return postTransaction(db, {
    key: input.key,
    kind: 'exchange',
    memberId: input.memberId,
    description: input.description,
    accounts: [player, budget],
    request: { asset: input.asset, amount: input.amount, cash: input.cash, withdrawable: input.withdrawable },
    build: (locked) => {
      const account = locked.get(player);
      if (!account || account[input.asset] < input.amount) throw new AppError('EXCHANGE_INSUFFICIENT');
      const postings: Posting[] = [
        { account: player, asset: input.asset, amount: -input.amount },
        { account: budget, asset: input.asset, amount: input.amount },
        { account: budget, asset: 'cash', amount: -input.cash },
        { account: player, asset: 'cash', amount: input.cash },
      ];
      if (input.withdrawable) {
        postings.push(
          { account: budget, asset: 'withdrawable', amount: -input.cash },
          { account: player, asset: 'withdrawable', amount: input.cash },
        );
      }
      return postings;
    },
  });
}

/**
 * A member's cash for coins and/or diamonds, in ONE journal transaction and one statement (`ledger_post`):
 * the cash out of the member's account to `to` real money first (the withdrawable part first, like every
 * debit), the coins and diamonds from `to` into it (a mall purchase, issue 15 §4). Not enough cash answers
 * INSUFFICIENT_BALANCE and changes nothing.
 */
export async function buyWithCash(
  db: Db,
  input: {
    memberId: number;
    to: string;
    key: string;
    amount: number;
    coins?: number;
    diamonds?: number;
    description?: string;
  },
): Promise<PostedTransaction> {
  const player = ACCOUNT.player(input.memberId);
  const given = { coins: input.coins ?? 0, diamonds: input.diamonds ?? 0 };
  const postings: Posting[] = (['coins', 'diamonds'] as const).flatMap((asset) =>
    given[asset] > 0
      ? [
          { account: player, asset, amount: given[asset] },
          { account: input.to, asset, amount: -given[asset] },
        ]
      : [],
  );
  return postTransaction(db, {
    key: input.key,
    kind: 'purchase',
    memberId: input.memberId,
    description: input.description,
    request: { to: input.to, amount: input.amount, ...given },
    postings,
    debit: { memberId: input.memberId, to: input.to, amount: input.amount },
  });
}

/**
 * The coins (or diamonds) side of an exchange for bonus cash: the asset from the member to the programme's
 * budget `to`, checked on the locked balance (not enough: EXCHANGE_INSUFFICIENT, nothing changes). The
 * cash comes as a bonus grant of the bonus pocket, in the caller's transaction (docs/promotions.md "Coins
 * exchanged for bonus cash"); a replayed key answers the first transaction (`replayed`).
 */
export async function exchangeForBonus(
  trx: Transaction<Database>,
  input: {
    memberId: number;
    key: string;
    to: string;
    asset: 'coins' | 'diamonds';
    amount: number;
    /** The bonus cash its grant gives (recorded with the request: a replay must name the same option). */
    cash: number;
    description?: string;
  },
): Promise<PostedTransaction> {
  const player = ACCOUNT.player(input.memberId);
  return postTransaction(trx, {
    key: input.key,
    kind: 'exchange',
    memberId: input.memberId,
    description: input.description,
    accounts: [player, input.to],
    request: { asset: input.asset, amount: input.amount, cash: input.cash, bonus: true },
    build: (locked) => {
      const account = locked.get(player);
      if (!account || account[input.asset] < input.amount) throw new AppError('EXCHANGE_INSUFFICIENT');
      return [
        { account: player, asset: input.asset, amount: -input.amount },
        { account: input.to, asset: input.asset, amount: input.amount },
      ];
    },
  });
}

/**
 * A member's coins, diamonds or tickets to another account (what a promotion's game costs: the diamond
 * spin's bet goes to its programme's budget; a draw's entry spends tickets, issue 16). Checked on the locked
 * balance: not enough answers `insufficient` and nothing changes, so parallel spends never overdraw (the
 * account's row lock orders them; the CHECK of migration 0051 is the last line of defence). Runs in the
 * caller's transaction when given one (under a savepoint, see `postTransaction`).
 */
export async function spendMemberAsset(
  db: Db,
  input: {
    memberId: number;
    to: string;
    key: string;
    asset: 'coins' | 'diamonds' | 'tickets';
    amount: number;
    insufficient: ErrorKey;
    description?: string;
    /** The member's history's type: a game's cost is a bet (the default), the mall's a purchase. */
    kind?: TransactionKind;
  },
): Promise<PostedTransaction> {
  const player = ACCOUNT.player(input.memberId);
  return postTransaction(db, {
    key: input.key,
    kind: input.kind ?? 'bet',
    memberId: input.memberId,
    description: input.description,
    accounts: [player, input.to],
    request: { to: input.to, asset: input.asset, amount: input.amount },
    build: (locked) => {
      const account = locked.get(player);
      if (!account || account[input.asset] < input.amount) throw new AppError(input.insufficient);
      return [
        { account: player, asset: input.asset, amount: -input.amount },
        { account: input.to, asset: input.asset, amount: input.amount },
      ];
    },
  });
}

/**
 * A paid deposit (issue 4): the cash, all of it withdrawable, from `clearing:mpesa` and a package's coins
 * from `promotion:bonus`, in ONE journal transaction, so a member never has the cash without the coins.
 * The key is the provider's payment id (`mpesa:<CheckoutRequestID>`): the callback and the query that
 * both learn of the same payment post it once.
 *
 * With a deposit excise (the market's tax, computed by the caller with `depositExcise`), the same
 * transaction books it: the member's deposit leg is the amount paid, and a tax leg takes the excise from
 * the member's cash (and its withdrawable part) to `tax:deposit-excise`, so the balance grows by the amount
 * net of it and the member's history lists the deposit and the tax, like a withdrawal's tax. The coins are
 * not money moved from the mobile wallet: they come whole.
 */
export async function creditDeposit(
  db: Db,
  input: { memberId: number; key: string; cash: number; coins: number; excise: number; description?: string },
): Promise<PostedTransaction> {
  const player = ACCOUNT.player(input.memberId);
  if (!Number.isSafeInteger(input.excise) || input.excise < 0 || input.excise > input.cash) {
    throw new Error(`ledger: a deposit's excise must be from 0 to its amount (${input.excise})`);
  }
  await repository.ensurePlayerAccount(db, input.memberId);
  const postings: Posting[] = [
    { account: player, asset: 'cash', amount: input.cash },
    { account: ACCOUNT.mpesaClearing, asset: 'cash', amount: -input.cash },
    { account: player, asset: 'withdrawable', amount: input.cash },
    { account: ACCOUNT.mpesaClearing, asset: 'withdrawable', amount: -input.cash },
  ];
  if (input.coins > 0) {
    postings.push(
      { account: player, asset: 'coins', amount: input.coins },
      { account: ACCOUNT.promotionBonus, asset: 'coins', amount: -input.coins },
    );
  }
  const header = {
    key: input.key,
    kind: 'deposit' as const,
    memberId: input.memberId,
    // The fact is the amount paid into the platform (before its excise).
    fact: { kind: 'deposit' as const, memberId: input.memberId, amount: input.cash, ref: input.key },
  };
  if (input.excise === 0) {
    return postTransaction(db, {
      ...header,
      description: input.description,
      request: { cash: input.cash, coins: input.coins },
      postings,
    });
  }
  const excise = (['cash', 'withdrawable'] as const).flatMap((asset): Posting[] => [
    { account: player, asset, amount: -input.excise, kind: 'tax' },
    { account: ACCOUNT.taxDepositExcise, asset, amount: input.excise, kind: 'tax' },
  ]);
  // Legs with a type of their own take the general path (the one statement stores none).
  return postTransaction(db, {
    ...header,
    description: input.description,
    request: { cash: input.cash, coins: input.coins, excise: input.excise },
    accounts: [player, ACCOUNT.mpesaClearing, ACCOUNT.promotionBonus, ACCOUNT.taxDepositExcise],
    build: () => [...postings, ...excise],
  });
}

/**
 * What is owed to the tax authority (migration 0030), booked when the money moves: a deposit's excise
 * with its credit, a withdrawal's tax when it is paid (settlement).
 */
export const TAX_ACCOUNT = {
  depositExcise: ACCOUNT.taxDepositExcise,
  withdrawal: ACCOUNT.taxWithdrawal,
} as const;

/** Where withdrawals wait between reservation and payout (or return), and where their tax goes when paid. */
export const WITHDRAW_ACCOUNT = { hold: ACCOUNT.withdrawHold, tax: ACCOUNT.taxWithdrawal } as const;

/**
 * A withdrawal's reservation (issue 4): payout + fee + tax leave the member's WITHDRAWABLE money (cash and
 * its withdrawable part both move) into `clearing:withdraw-hold`, in one transaction checked on the locked
 * balance. Not enough withdrawable answers INSUFFICIENT_BALANCE and nothing changes.
 *
 * The payout, the fee and the tax are separate legs (types withdraw, fee and tax) of that one transaction:
 * they leave the member's balance here and nowhere else, so this is where the member's history finds
 * them by type. A failed payout returns the whole reservation (a `refund`).
 */
export async function reserveWithdrawal(
  db: Db,
  input: { memberId: number; key: string; payout: number; fee: number; tax: number; description?: string },
): Promise<PostedTransaction> {
  const player = ACCOUNT.player(input.memberId);
  const hold = WITHDRAW_ACCOUNT.hold;
  const total = input.payout + input.fee + input.tax;
  const legs = (
    [
      { kind: 'withdraw', amount: input.payout },
      { kind: 'fee', amount: input.fee },
      { kind: 'tax', amount: input.tax },
    ] as const
  ).filter((leg) => leg.amount > 0);
  return postTransaction(db, {
    key: input.key,
    kind: 'withdraw',
    memberId: input.memberId,
    description: input.description,
    accounts: [player, hold],
    request: { payout: input.payout, fee: input.fee, tax: input.tax },
    build: (locked) => {
      const account = locked.get(player);
      if (!account || account.withdrawable < total || account.cash < total) {
        throw new AppError('INSUFFICIENT_BALANCE');
      }
      return legs.flatMap((leg) =>
        (['cash', 'withdrawable'] as const).flatMap((asset) => [
          { account: player, asset, amount: -leg.amount, kind: leg.kind },
          { account: hold, asset, amount: leg.amount, kind: leg.kind },
        ]),
      );
    },
  });
}

/**
 * A paid withdrawal: the hold goes to the world (the payout that reached the phone), the house (the fee)
 * and `tax:withdrawal` (the tax withheld), cash and withdrawable alike. It does not touch the member's
 * account (the reservation already took the money), so it is not a row of the member's history.
 */
export async function settleWithdrawal(
  db: Db,
  input: { memberId: number; key: string; payout: number; fee: number; tax: number; description?: string },
): Promise<PostedTransaction> {
  const hold = WITHDRAW_ACCOUNT.hold;
  const parts = [
    { account: ACCOUNT.world, amount: input.payout },
    { account: ACCOUNT.house, amount: input.fee },
    { account: WITHDRAW_ACCOUNT.tax, amount: input.tax },
  ].filter((part) => part.amount > 0);
  const total = parts.reduce((sum, part) => sum + part.amount, 0);
  return postTransaction(db, {
    key: input.key,
    kind: 'withdraw',
    memberId: input.memberId,
    description: input.description,
    request: { payout: input.payout, fee: input.fee, tax: input.tax },
    // The fact is what left the member's balance for this withdrawal: the payout, its fee and its tax.
    fact: { kind: 'withdrawal', memberId: input.memberId, amount: total, ref: input.key },
    postings: (['cash', 'withdrawable'] as const).flatMap((asset) => [
      { account: hold, asset, amount: -total },
      ...parts.map((part) => ({ account: part.account, asset, amount: part.amount })),
    ]),
  });
}

/** A withdrawal that was certainly not paid: the hold goes back to the member's withdrawable money. */
export async function returnWithdrawal(
  db: Db,
  input: { memberId: number; key: string; amount: number; description?: string },
): Promise<PostedTransaction> {
  const player = ACCOUNT.player(input.memberId);
  const hold = WITHDRAW_ACCOUNT.hold;
  return postTransaction(db, {
    key: input.key,
    kind: 'refund',
    memberId: input.memberId,
    description: input.description,
    request: { amount: input.amount },
    postings: (['cash', 'withdrawable'] as const).flatMap((asset) => [
      { account: hold, asset, amount: -input.amount },
      { account: player, asset, amount: input.amount },
    ]),
  });
}

/**
 * Money paid out to the world that the member still has in their balance (M-Pesa paid a withdrawal more
 * than asked, or twice): `amount` leaves to the world, taken from the member's cash as far as it goes (the
 * withdrawable part first, as a withdrawal would, and never below what is left), and the rest from the
 * house, written off. One journal transaction built from the locked balances; its key makes it happen once
 * (a replay answers `replayed` and what the first one moved is not known again: 0 and 0).
 */
export async function recoverPaidOut(
  db: Db,
  input: { memberId: number; key: string; amount: number; description?: string },
): Promise<PostedTransaction & { recovered: number; writtenOff: number }> {
  const player = ACCOUNT.player(input.memberId);
  const { world, house } = ACCOUNT;
  let recovered = 0;
  const posted = await postTransaction(db, {
    key: input.key,
    kind: 'withdraw',
    memberId: input.memberId,
    description: input.description,
    accounts: [player, world, house],
    request: { recover: input.amount },
    build: (locked) => {
      const account = locked.get(player);
      recovered = Math.min(input.amount, Math.max(0, account?.cash ?? 0));
      // withdrawable ≤ cash before, so what is left of it stays ≤ the cash left.
      const withdrawable = Math.min(input.amount, Math.max(0, account?.withdrawable ?? 0));
      const writtenOff = input.amount - recovered;
      const postings: Posting[] = [{ account: world, asset: 'cash', amount: input.amount }];
      if (recovered > 0) postings.push({ account: player, asset: 'cash', amount: -recovered });
      if (writtenOff > 0) postings.push({ account: house, asset: 'cash', amount: -writtenOff });
      if (withdrawable > 0) {
        postings.push(
          { account: player, asset: 'withdrawable', amount: -withdrawable },
          { account: world, asset: 'withdrawable', amount: withdrawable },
        );
      }
      return postings;
    },
  });
  if (posted.replayed) return { ...posted, recovered: 0, writtenOff: 0 };
  return { ...posted, recovered, writtenOff: input.amount - recovered };
}

/** The id of the journal transaction posted under an idempotency key, if any (was a step done?). */
export async function findPostedTransaction(db: Db, key: string): Promise<number | undefined> {
  return (await repository.findTransactionByKey(db, key))?.id;
}

/** What one programme's budget paid out on a market day, net of what came back to it, by asset. */
export type ProgrammeDayCost = {
  day: string;
  programme: string;
  cash: number;
  coins: number;
  diamonds: number;
  tickets: number;
  payouts: number;
};

/**
 * What each promotion programme's budget paid out, per local day of `timeZone` in [from, to): cash, coins
 * diamonds and tickets net of anything returned to the budget, and in how many transactions. From the ledger
 * itself, so a programme's cost is its budget account's movement, not a count kept beside it.
 */
export async function promotionCostsByDay(
  db: Db,
  input: { from: Date; to: Date; timeZone: string },
): Promise<ProgrammeDayCost[]> {
  return (await repository.promotionBudgetOutflows(db, input)).map(({ account, transactions, ...row }) => ({
    ...row,
    programme: account.slice('promo:'.length, -':budget'.length),
    payouts: transactions,
  }));
}
