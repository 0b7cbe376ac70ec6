import { siteDayOf } from '@app/contracts/market-calendar';
import type { Kysely } from 'kysely';
import { generateClientSeed, generateServerSeed, hashServerSeed } from '@app/fair/stream';
import { spinPool } from '@app/fair/pool';
import type { CountryProfile } from '@app/contracts/country';
import type { CoinSpinRecord, CoinSpinResult, CoinSpinState } from '@app/contracts/coin-spin';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { getBalances } from '../../platform/wallet/wallet.service.ts';
import { claimOnce, loadProgramme, requireProgramme } from '../kit/programmes.ts';
import { signedInToday } from '../sign-in/sign-in.service.ts';
import { coinSpinProgramme } from './coin-spin.programme.ts';
import * as repository from './coin-spin.repository.ts';

type Db = Kysely<Database>;
type Market = Pick<CountryProfile, 'timeZone' | 'promotions'>;

/** The one wheel (the spec's route carries an id: /games/coin-spin/{id}). */
export const COIN_SPIN_WHEEL_ID = 1;

function requireWheel(id: number): void {
  if (id !== COIN_SPIN_WHEEL_ID) throw new AppError('ACTIVITY_INVALID');
}

/**
 * The site day's pool and seed commitment, published the first time the day is shown (or spun): the pool is
 * copied from the settings as they are then, the server seed is fresh and only its hash is shown until the
 * day is over.
 */
async function publishedDay(
  db: Db,
  siteDay: string,
  prizes: { coins: number; cash: number; count: number }[],
) {
  const existing = await repository.findDay(db, siteDay);
  if (existing) return existing;
  const serverSeed = generateServerSeed();
  await db
    .transaction()
    .execute((trx) =>
      repository.publishDay(trx, { siteDay, serverSeed, serverSeedHash: hashServerSeed(serverSeed), prizes }),
    );
  const day = await repository.findDay(db, siteDay);
  if (!day) throw new Error(`coin spin day ${siteDay} was not published`);
  return day;
}

export async function state(
  db: Db,
  market: Market,
  /** The caller; undefined for a visitor, who sees the published wheel and may not spin. */
  memberId: number | undefined,
  id: number,
  now: Date,
): Promise<CoinSpinState> {
  requireWheel(id);
  const programme = await loadProgramme(db, coinSpinProgramme, market);
  if (!programme.enabled) throw new AppError('ACTIVITY_INVALID');
  const siteDay = siteDayOf(now, market);
  const day = await publishedDay(db, siteDay, programme.settings.prizes);
  const prizes = await repository.findPrizes(db, siteDay);
  if (memberId === undefined) {
    return {
      id,
      siteDay,
      serverSeedHash: day.server_seed_hash,
      prizes,
      canSpin: false,
      spunToday: false,
      needsSignIn: false,
    };
  }
  const spunToday = await repository.hasSpun(db, memberId, siteDay);
  const needsSignIn = programme.settings.requireSignIn && !(await signedInToday(db, market, memberId, now));
  return {
    id,
    siteDay,
    serverSeedHash: day.server_seed_hash,
    prizes,
    canSpin: !spunToday && !needsSignIn && prizes.some((prize) => prize.remaining > 0),
    spunToday,
    needsSignIn,
  };
}

/**
 * The day's free spin. Spins of a day are drawn one at a time (the day row locked): the nonce is the day's
 * spin number, the float comes from the day's server seed and the member's client seed, and the wheel is the
 * pool's remaining entries at that moment (recorded with the spin). The prize's count goes down by one (never
 * below 0), the spin row (one per member and day) and the reward from the programme's budget commit together.
 */
export async function spin(
  db: Db,
  market: Market,
  memberId: number,
  request: { id: number; clientSeed?: string },
  now: Date,
): Promise<CoinSpinResult> {
  requireWheel(request.id);
  const programme = await requireProgramme(db, coinSpinProgramme, market);
  const siteDay = siteDayOf(now, market);
  if (programme.settings.requireSignIn && !(await signedInToday(db, market, memberId, now))) {
    throw new AppError('COIN_SPIN_SIGN_IN_FIRST');
  }
  await publishedDay(db, siteDay, programme.settings.prizes);
  const clientSeed = request.clientSeed ?? generateClientSeed();
  const record = await db.transaction().execute(async (trx) => {
    const day = await repository.lockDay(trx, siteDay);
    if (await repository.hasSpun(trx, memberId, siteDay)) throw new AppError('COIN_SPIN_ALREADY_SPUN');
    const prizes = await repository.findPrizes(trx, siteDay);
    const remainingBefore = prizes.map((prize) => prize.remaining);
    const nonce = day.spins + 1;
    const { prize: index } = spinPool({ serverSeed: day.server_seed, clientSeed, nonce }, remainingBefore);
    const prize = index === undefined ? undefined : prizes[index];
    if (!prize) throw new AppError('COIN_SPIN_POOL_EMPTY');
    if (!(await repository.takePrize(trx, siteDay, prize.index))) throw new AppError('COIN_SPIN_POOL_EMPTY');
    await repository.countSpin(trx, siteDay);
    const { recorded: inserted } = await claimOnce(trx, {
      record: () =>
        repository.insertSpin(trx, {
          memberId,
          siteDay,
          prizeIndex: prize.index,
          coins: prize.coins,
          cash: prize.cash,
          clientSeed,
          nonce,
          remainingBefore,
        }),
      alreadyClaimed: 'COIN_SPIN_ALREADY_SPUN',
      reward: () => ({
        programme: 'coin-spin',
        memberId,
        key: `${siteDay}:${memberId}`,
        ...(prize.coins > 0 ? { coins: prize.coins } : {}),
        ...(prize.cash > 0 ? { cash: prize.cash } : {}),
        description: `Coin spin (${siteDay})`,
      }),
      link: (spin, transactionId) => repository.setSpinTransaction(trx, spin.id, transactionId),
    });
    return {
      id: inserted.id,
      siteDay,
      prizeIndex: prize.index,
      coins: prize.coins,
      cash: prize.cash,
      serverSeedHash: day.server_seed_hash,
      serverSeed: null,
      clientSeed,
      nonce,
      remainingBefore,
      createdAt: new Date(inserted.created_at).toISOString(),
    } satisfies CoinSpinRecord;
  });
  const balances = await getBalances(db, memberId);
  return { ...record, money: balances.cash, bonusMoney: balances.coins };
}

/** The member's spins, newest first; a day's server seed is shown once that day is over. */
export async function records(
  db: Db,
  market: Market,
  memberId: number,
  id: number,
  now: Date,
): Promise<CoinSpinRecord[]> {
  requireWheel(id);
  const today = siteDayOf(now, market);
  const rows = await repository.findSpins(db, memberId, 50);
  return rows.map((row) => ({
    id: row.id,
    siteDay: row.site_day,
    prizeIndex: row.prize_index,
    coins: row.coins,
    cash: row.cash,
    serverSeedHash: row.server_seed_hash,
    serverSeed: row.site_day < today ? row.server_seed : null,
    clientSeed: row.client_seed,
    nonce: row.nonce,
    remainingBefore: row.remaining_before.map(Number),
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
