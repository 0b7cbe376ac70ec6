import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Balance, IncomeTotalSchema, MemberTransaction, TransactionKind } from '@app/contracts/wallet';
import type { z } from 'zod';
import type { Asset, Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { HOUSE_SHARDS } from '../../db/migrations/0009-house-shards.ts';
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

export const ASSETS: readonly Asset[] = ['cash', 'withdrawable', 'coins', 'diamonds'];
export const ACCOUNT = {
  /** The house, for operator-level movements. Player bets and wins use `houseFor(memberId)`. */
  house: 'house',
  /** The house shard a member's bets and wins go to (the shards migration 0009 created). */
  houseFor: (memberId: number) => `house:${memberId % HOUSE_SHARDS}`,
  world: 'world',
  mpesaClearing: 'clearing:mpesa',
  promotionBonus: 'promotion:bonus',
  player: (memberId: number) => `player:${memberId}`,
} as const;

export type Posting = { account: string; asset: Asset; amount: number };

export type TransactionRequest = {
  /** Unique per source: 'mpesa:<CheckoutRequestID>', 'game:<provider>:<round>', … */
  key: string;
  kind: TransactionKind;
  /** The member the transaction is about (their history shows it). */
  memberId: number | null;
  description?: string;
  /** Every account the entries may touch; they are locked in id order before `build` runs. */
  accounts: string[];
  /** What makes two requests with the same key the same (the amounts, the order…). */
  request: unknown;
  build: (locked: Map<string, LockedAccount>) => Posting[];
};

export type PostedTransaction = { transactionId: number; replayed: boolean };

const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 5;

function hashOf(request: TransactionRequest): string {
  return createHash('sha256')
    .update(JSON.stringify({ kind: request.kind, memberId: request.memberId, request: request.request }))
    .digest('hex');
}

function checkBalanced(postings: Posting[]): void {
  for (const posting of postings) {
    if (!Number.isSafeInteger(posting.amount) || posting.amount === 0) {
      throw new Error(`ledger: a posting must be a non-zero whole number of minor units (${posting.amount})`);
    }
  }
  for (const asset of ASSETS) {
    const sum = postings
      .filter((posting) => posting.asset === asset)
      .reduce((total, p) => total + p.amount, 0);
    if (sum !== 0) throw new Error(`ledger: ${asset} entries sum to ${sum}, not 0`);
  }
}

export async function postTransaction(db: Db, request: TransactionRequest): Promise<PostedTransaction> {
  const payloadHash = hashOf(request);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute((trx) => postOnce(trx, request, payloadHash));
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === '23514') throw new AppError('INSUFFICIENT_BALANCE');
      if (code && RETRYABLE.has(code) && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
}

async function postOnce(
  trx: Transaction<Database>,
  request: TransactionRequest,
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

  const locked = await repository.lockAccounts(trx, [...new Set(request.accounts)]);
  const byCode = new Map(locked.map((account) => [account.code, account]));
  const postings = request.build(byCode);
  checkBalanced(postings);

  const deltas = new Map<number, Record<Asset, number>>();
  const entries = postings.map((posting) => {
    const account = byCode.get(posting.account);
    if (!account) throw new Error(`ledger: account ${posting.account} was not locked for this transaction`);
    const delta = deltas.get(account.id) ?? { cash: 0, withdrawable: 0, coins: 0, diamonds: 0 };
    delta[posting.asset] += posting.amount;
    deltas.set(account.id, delta);
    return { transactionId, accountId: account.id, asset: posting.asset, amount: posting.amount };
  });
  for (const [accountId, delta] of deltas) await repository.applyDeltas(trx, accountId, delta);
  await repository.insertEntries(trx, entries);
  return { transactionId, replayed: false };
}

/** Creates the member's account (at registration, so every member has one from the start). */
export async function openPlayerAccount(db: Db, memberId: number): Promise<void> {
  await repository.ensurePlayerAccount(db, memberId);
}

/**
 * Value into a member's account from another account. `withdrawable` says how much of the cash may be
 * withdrawn (a deposit's or a win's all of it; a bonus's none).
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
    description?: string;
  },
): Promise<PostedTransaction> {
  const player = ACCOUNT.player(input.memberId);
  await repository.ensurePlayerAccount(db, input.memberId);
  const amounts: Record<Asset, number> = {
    cash: input.cash ?? 0,
    withdrawable: input.withdrawable ?? 0,
    coins: input.coins ?? 0,
    diamonds: input.diamonds ?? 0,
  };
  return postTransaction(db, {
    key: input.key,
    kind: input.kind,
    memberId: input.memberId,
    description: input.description,
    accounts: [player, input.from],
    request: { from: input.from, amounts },
    build: () =>
      ASSETS.filter((asset) => amounts[asset] !== 0).flatMap((asset) => [
        { account: player, asset, amount: amounts[asset] },
        { account: input.from, asset, amount: -amounts[asset] },
      ]),
  });
}

/**
 * Cash out of a member's account to another account (a bet, a fee, a withdrawal). The withdrawable part
 * is spent first only as far as it must be: it shrinks so that it never exceeds the cash left.
 * Insufficient cash answers INSUFFICIENT_BALANCE and changes nothing.
 */
export async function debitMemberCash(
  db: Db,
  input: {
    memberId: number;
    to: string;
    key: string;
    kind: TransactionKind;
    amount: number;
    description?: string;
  },
): Promise<PostedTransaction> {
  const player = ACCOUNT.player(input.memberId);
  // No account to open here: players get theirs at registration, and one without it has no cash.
  return postTransaction(db, {
    key: input.key,
    kind: input.kind,
    memberId: input.memberId,
    description: input.description,
    accounts: [player, input.to],
    request: { to: input.to, amount: input.amount },
    build: (locked) => {
      const account = locked.get(player);
      if (!account || account.cash < input.amount) throw new AppError('INSUFFICIENT_BALANCE');
      const trimmed = Math.max(0, account.withdrawable - (account.cash - input.amount));
      const postings: Posting[] = [
        { account: player, asset: 'cash', amount: -input.amount },
        { account: input.to, asset: 'cash', amount: input.amount },
      ];
      if (trimmed > 0) {
        postings.push(
          { account: player, asset: 'withdrawable', amount: -trimmed },
          { account: input.to, asset: 'withdrawable', amount: trimmed },
        );
      }
      return postings;
    },
  });
}

export async function getBalances(
  db: Db,
  memberId: number,
): Promise<{ cash: number; withdrawable: number; coins: number; diamonds: number }> {
  return (
    (await repository.findPlayerBalances(db, memberId)) ?? { cash: 0, withdrawable: 0, coins: 0, diamonds: 0 }
  );
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
  coins: number;
  diamonds: number;
}): MemberTransaction {
  return {
    id: row.id,
    type: row.kind as TransactionKind,
    amount: Number(row.cash),
    withdrawAmount: Number(row.withdrawable),
    coins: Number(row.coins),
    diamonds: Number(row.diamonds),
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

export async function getIncomeTotals(
  db: Db,
  memberId: number,
): Promise<z.infer<typeof IncomeTotalSchema>[]> {
  const rows = await repository.incomeTotals(db, memberId);
  return rows.map((row) => ({ type: row.kind as TransactionKind, total: Number(row.total) }));
}
