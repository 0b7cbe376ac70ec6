import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ExchangeOption, ExchangeRequest, ExchangeResult } from '@app/contracts/exchange';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { exchangeToCash, getBalances } from '../wallet/wallet.service.ts';
import * as repository from './exchange.repository.ts';

type Db = Kysely<Database>;

function toOption(row: Awaited<ReturnType<typeof repository.findEnabledOptions>>[number]): ExchangeOption {
  return {
    id: row.id,
    fromAsset: row.from_asset,
    fromAmount: Number(row.from_amount),
    cash: Number(row.cash),
    withdrawable: row.withdrawable,
  };
}

export async function getOptions(db: Db): Promise<ExchangeOption[]> {
  return (await repository.findEnabledOptions(db)).map(toOption);
}

/**
 * One exchange through the ledger. The idempotency key is the member's `requestId` when the app sends
 * one (a double tap or a retried call is then done once), else a fresh one; it is scoped to the member
 * so one member's id can never replay another's exchange.
 */
export async function exchange(db: Db, memberId: number, request: ExchangeRequest): Promise<ExchangeResult> {
  const row = await repository.findEnabledOption(db, request.id);
  if (!row) throw new AppError('NOT_FOUND');
  const option = toOption(row);
  const { transactionId } = await exchangeToCash(db, {
    memberId,
    key: `exchange:${memberId}:${request.requestId ?? randomUUID()}`,
    asset: option.fromAsset,
    amount: option.fromAmount,
    cash: option.cash,
    withdrawable: option.withdrawable,
    description: `${option.fromAsset === 'coins' ? 'Coins' : 'Diamonds'} to cash (option ${option.id})`,
  });
  const balances = await getBalances(db, memberId);
  return {
    money: balances.cash,
    withdrawMoney: balances.withdrawable,
    bonusMoney: balances.coins,
    diamond: balances.diamonds,
    transactionId,
  };
}
