import { sql, type Kysely, type Transaction } from 'kysely';
import { stakeLimitFor, type StakeLimit } from '@app/contracts/bonus';
import type { CountryProfile } from '@app/contracts/country';
import { formatMoney } from '@app/contracts/money';
import { retryingTransaction } from '../../../db/transactions.ts';
import { AppError } from '../../../http/app-error.ts';
import type { BonusGrantStatus, Database } from '../../../db/schema.ts';
import { ACCOUNT, postTransaction } from './wallet.service.ts';

/**
 * The wallet's bonus pocket (issue 14 §2, docs/promotions.md "Bonus coins and bonus cash"): the bonus
 * grants (`bonus_grant`, migration 0045) and every movement of bonus cash they cause. The wallet owns
 * them because each change of a grant's state moves money in the same database transaction (a grant
 * credits, a forfeit takes back), and because the member module (platform layer) forfeits at
 * self-exclusion: it may call the wallet, never the promotions' bonus module above it.
 *
 * - The bonus cash in a member's account (`cash − withdrawable`) is the ACTIVE grant's: a grant is
 *   credited when it becomes active, so a grant that waits (pending, another being active) has moved no
 *   money yet; it is credited when it is activated (in expiry order).
 * - Locks in one order everywhere: the member's ledger account (and the grant's budget), then the grant
 *   rows; a bet locks the account before its fact touches the grant, so they never deadlock.
 * - A grant does not check the member's standing: the caller does, in the same transaction, with the
 *   member row share-locked (the bonus module: `lockMemberInGoodStanding`, fail closed).
 */
type Trx = Transaction<Database>;

/** The terms a grant is given, copied into its row (a later change of the offer changes nothing granted). */
export type BonusTerms = {
  /** Wagering required = amount × multiple (0: converts on its first bet). */
  wageringMultiple: number;
  expiresAt: Date;
  /** The largest stake while the grant is active (null: the game's own). */
  maxStake: number | null;
  /** At most this much of the bonus cash becomes withdrawable at completion; the rest goes back. */
  maxConversion: number;
  /** Percent of a stake that counts towards wagering, per game source ('inhouse', 'crash', 'provider'). */
  contribution: Record<string, number>;
};

export type BonusGrant = {
  id: number;
  memberId: number;
  source: string;
  sourceRef: string;
  budgetAccount: string;
  amount: number;
  wageringRequired: number;
  wageringProgress: number;
  maxStake: number | null;
  maxConversion: number;
  terms: { wageringMultiple: number; contribution: Record<string, number> };
  status: BonusGrantStatus;
  forfeitReason: string | null;
  converted: number | null;
  expiresAt: Date;
  createdAt: Date;
  activatedAt: Date | null;
  endedAt: Date | null;
};

type GrantRow = {
  id: number | string;
  member_id: number | string;
  source: string;
  source_ref: string;
  budget_account: string;
  amount: number | string;
  wagering_required: number | string;
  wagering_progress: number | string;
  max_stake: number | string | null;
  max_conversion: number | string;
  terms: unknown;
  status: BonusGrantStatus;
  forfeit_reason: string | null;
  converted: number | string | null;
  expires_at: Date;
  created_at: Date;
  activated_at: Date | null;
  ended_at: Date | null;
};

function toGrant(row: GrantRow): BonusGrant {
  const terms = (typeof row.terms === 'string' ? JSON.parse(row.terms) : row.terms) as BonusGrant['terms'];
  return {
    id: Number(row.id),
    memberId: Number(row.member_id),
    source: row.source,
    sourceRef: row.source_ref,
    budgetAccount: row.budget_account,
    amount: Number(row.amount),
    wageringRequired: Number(row.wagering_required),
    wageringProgress: Number(row.wagering_progress),
    maxStake: row.max_stake === null ? null : Number(row.max_stake),
    maxConversion: Number(row.max_conversion),
    terms,
    status: row.status,
    forfeitReason: row.forfeit_reason,
    converted: row.converted === null ? null : Number(row.converted),
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    activatedAt: row.activated_at,
    endedAt: row.ended_at,
  };
}

function checkTerms(amount: number, terms: BonusTerms): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`bonus: a grant is positive (${amount})`);
  if (!Number.isFinite(terms.wageringMultiple) || terms.wageringMultiple < 0) {
    throw new Error(`bonus: a wagering multiple is ≥ 0 (${terms.wageringMultiple})`);
  }
  if (terms.maxStake !== null && (!Number.isSafeInteger(terms.maxStake) || terms.maxStake <= 0)) {
    throw new Error(`bonus: a maximum stake is positive (${terms.maxStake})`);
  }
  if (!Number.isSafeInteger(terms.maxConversion) || terms.maxConversion < 0) {
    throw new Error(`bonus: a maximum conversion is ≥ 0 (${terms.maxConversion})`);
  }
  for (const percent of Object.values(terms.contribution)) {
    if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
      throw new Error(`bonus: a contribution is a whole percent from 0 to 100 (${percent})`);
    }
  }
}

/** Locks the member's account and the other accounts named, in id order (the ledger's lock order). */
async function lockAccounts(trx: Trx, codes: string[]) {
  const { rows } = await sql<{ code: string; cash: string; withdrawable: string }>`
    select code, cash, withdrawable from ledger_account
    where code in (${sql.join([...new Set(codes)])}) order by id for update`.execute(trx);
  return new Map(
    rows.map((row) => [row.code, { cash: Number(row.cash), withdrawable: Number(row.withdrawable) }]),
  );
}

/** Credits a grant's bonus cash (not withdrawable) from its budget, once per grant. */
async function creditGrant(
  trx: Trx,
  grant: { id: number; memberId: number; budgetAccount: string; amount: number; source: string },
) {
  await postTransaction(trx, {
    key: `bonus:grant:${grant.id}`,
    kind: 'bonus',
    memberId: grant.memberId,
    description: grant.source,
    request: { grant: grant.id, amount: grant.amount },
    postings: [
      { account: ACCOUNT.player(grant.memberId), asset: 'cash', amount: grant.amount },
      { account: grant.budgetAccount, asset: 'cash', amount: -grant.amount },
    ],
  });
}

/**
 * Gives a member a bonus inside the caller's transaction: the row with its terms, active (and its bonus
 * cash credited from `budgetAccount`, not withdrawable) when the member has no active grant, else
 * pending. A second grant of the same (member, source, sourceRef) grants nothing and answers the first
 * (`replayed`). The caller has checked the member's standing in this transaction.
 */
export async function grantBonus(
  trx: Trx,
  input: {
    memberId: number;
    source: string;
    sourceRef: string;
    budgetAccount: string;
    amount: number;
    terms: BonusTerms;
  },
): Promise<{ grant: BonusGrant; replayed: boolean }> {
  checkTerms(input.amount, input.terms);
  const player = ACCOUNT.player(input.memberId);
  // The member's grants change one at a time: the account's lock is the member's bonus lock.
  const locked = await lockAccounts(trx, [player, input.budgetAccount]);
  if (!locked.has(player)) throw new Error(`bonus: member ${input.memberId} has no account`);
  const existing = await findGrantBySource(trx, input);
  if (existing) return { grant: existing, replayed: true };
  const active = await findActiveGrant(trx, input.memberId);
  const required = Math.ceil(input.amount * input.terms.wageringMultiple);
  const { rows } = await sql<GrantRow>`
    insert into bonus_grant (member_id, source, source_ref, budget_account, amount, wagering_required,
      max_stake, max_conversion, terms, status, expires_at, activated_at)
    values (${input.memberId}, ${input.source}, ${input.sourceRef}, ${input.budgetAccount}, ${input.amount},
      ${required}, ${input.terms.maxStake}, ${input.terms.maxConversion},
      ${JSON.stringify({ wageringMultiple: input.terms.wageringMultiple, contribution: input.terms.contribution })}::jsonb,
      ${active ? 'pending' : 'active'}, ${input.terms.expiresAt}, ${active ? null : sql`now()`})
    returning *`.execute(trx);
  const grant = toGrant(rows[0]!);
  if (grant.status === 'active') await creditGrant(trx, grant);
  return { grant, replayed: false };
}

async function findGrantBySource(
  trx: Trx,
  input: { memberId: number; source: string; sourceRef: string },
): Promise<BonusGrant | undefined> {
  const { rows } = await sql<GrantRow>`
    select * from bonus_grant
    where member_id = ${input.memberId} and source = ${input.source} and source_ref = ${input.sourceRef}`.execute(
    trx,
  );
  return rows[0] && toGrant(rows[0]);
}

/** One grant by its id. */
export async function findGrant(db: Trx | Kysely<Database>, id: number): Promise<BonusGrant | undefined> {
  const { rows } = await sql<GrantRow>`select * from bonus_grant where id = ${id}`.execute(db);
  return rows[0] && toGrant(rows[0]);
}

/**
 * The member's active bonus when it caps stakes (`max_stake` set), for the games' stake limit: one probe of
 * the partial index of active grants. Undefined when there is none or it sets no maximum.
 */
export async function activeStakeCap(
  db: Trx | Kysely<Database>,
  memberId: number,
): Promise<{ id: number; source: string; maxStake: number } | undefined> {
  return stakeCapOf(await activeStakeCapQuery(db, memberId).executeTakeFirst());
}

/**
 * The (unexecuted) query of `activeStakeCap`, for a module's own statement (the crash bet's one read);
 * `stakeCapOf` turns its row into the cap.
 */
export function activeStakeCapQuery(db: Trx | Kysely<Database>, memberId: number) {
  return db
    .selectFrom('bonus_grant')
    .select(['id', 'source', 'max_stake'])
    .where('member_id', '=', memberId)
    .where('status', '=', 'active')
    .where('max_stake', 'is not', null);
}

export type StakeCap = { id: number; source: string; maxStake: number };

/** The cap of `activeStakeCapQuery`'s row (undefined: none). */
export function stakeCapOf(
  row: { id: number | string; source: string; max_stake: number | string | null } | null | undefined,
): StakeCap | undefined {
  return row && row.max_stake !== null
    ? { id: Number(row.id), source: row.source, maxStake: Number(row.max_stake) }
    : undefined;
}

/**
 * The stake limit in force for a member in a game whose own maximum is `gameMaxStake` (every game shows it,
 * docs/promotions.md): the smaller of it and the active bonus's maximum stake. Demo play (no member): the
 * game's own.
 */
export async function stakeLimitOf(
  db: Trx | Kysely<Database>,
  memberId: number | null,
  gameMaxStake: number,
): Promise<StakeLimit> {
  return stakeLimitFor(gameMaxStake, memberId === null ? undefined : await activeStakeCap(db, memberId));
}

/** What the refusal calls a bonus, by its programme (the web and game pages say it in the player's language). */
const BONUS_NAMES: Record<string, string> = {
  'welcome-bonus': 'welcome bonus',
  'first-deposit-bonus': 'first-deposit bonus',
  'coin-exchange': 'bonus from exchanged coins',
};

/**
 * The refusal of a stake above the active bonus's maximum, naming the limit and the way out:
 * "KES 50.00 is the most you can stake while your welcome bonus is active: forfeit the bonus to stake more".
 */
export function bonusMaxStakeError(
  cap: { source: string; maxStake: number },
  market: Pick<CountryProfile, 'currency' | 'scale' | 'decimals' | 'locale'>,
): AppError {
  const limit = `${market.currency} ${formatMoney(cap.maxStake, market)}`;
  const name = BONUS_NAMES[cap.source] ?? 'bonus';
  return new AppError(
    'BONUS_MAX_STAKE',
    `${limit} is the most you can stake while your ${name} is active: forfeit the bonus to stake more`,
  );
}

/**
 * Refuses, before any money moves, a real-money stake above the member's active bonus's maximum, with the
 * named refusal. The bet's own transaction checks it again (`bonus_wagering`, which answers the plain
 * BONUS_MAX_STAKE if a bonus became active in between).
 */
export async function checkBonusStake(
  db: Trx | Kysely<Database>,
  memberId: number,
  stake: number,
  market: Pick<CountryProfile, 'currency' | 'scale' | 'decimals' | 'locale'>,
): Promise<void> {
  const refusal = bonusStakeRefusal(await activeStakeCap(db, memberId), stake, market);
  if (refusal) throw refusal;
}

/** `checkBonusStake`'s rule on a cap already read (`activeStakeCapQuery`): the refusal, or undefined. */
export function bonusStakeRefusal(
  cap: StakeCap | undefined,
  stake: number,
  market: Pick<CountryProfile, 'currency' | 'scale' | 'decimals' | 'locale'>,
): AppError | undefined {
  return cap && stake > cap.maxStake ? bonusMaxStakeError(cap, market) : undefined;
}

async function findActiveGrant(trx: Trx, memberId: number): Promise<BonusGrant | undefined> {
  const { rows } = await sql<GrantRow>`
    select * from bonus_grant where member_id = ${memberId} and status = 'active'`.execute(trx);
  return rows[0] && toGrant(rows[0]);
}

/**
 * Takes the member's bonus cash (`cash − withdrawable`, the ended grant's) back to the grant's budget,
 * under a key of the grant and the reason. The account is locked by the caller. Returns what was taken.
 */
async function takeBackBonusCash(
  trx: Trx,
  grant: BonusGrant,
  account: { cash: number; withdrawable: number },
  why: 'forfeit' | 'expire' | 'convert',
  amount = account.cash - account.withdrawable,
): Promise<number> {
  if (amount <= 0) return 0;
  await postTransaction(trx, {
    key: `bonus:${why}:${grant.id}`,
    kind: 'bonus',
    memberId: grant.memberId,
    description: grant.source,
    request: { grant: grant.id, amount },
    postings: [
      { account: ACCOUNT.player(grant.memberId), asset: 'cash', amount: -amount },
      { account: grant.budgetAccount, asset: 'cash', amount },
    ],
  });
  return amount;
}

/**
 * Activates the member's next pending grant (earliest expiry first; those already past their expiry
 * expire unactivated) and credits it (`bonus_activate_next`, ledger.sql.ts: the same code as a
 * conversion's). The member's account is locked by the caller. The id activated, if any.
 */
async function activateNext(trx: Trx, memberId: number): Promise<number | undefined> {
  const { rows } = await sql<{ id: string | null }>`select bonus_activate_next(${memberId}) as id`.execute(
    trx,
  );
  const id = rows[0]?.id;
  return id === null || id === undefined ? undefined : Number(id);
}

/**
 * Self-exclusion or closure (in the block's own transaction): every active and pending grant of the
 * member is forfeited with `reason`, and the bonus cash goes back to the active grant's budget. Returns
 * the grants forfeited.
 */
export async function forfeitBonuses(trx: Trx, memberId: number, reason: string): Promise<BonusGrant[]> {
  const active = await findActiveGrant(trx, memberId);
  const player = ACCOUNT.player(memberId);
  const locked = await lockAccounts(trx, active ? [player, active.budgetAccount] : [player]);
  const { rows } = await sql<GrantRow>`
    update bonus_grant set status = 'forfeited', forfeit_reason = ${reason}, ended_at = now()
    where member_id = ${memberId} and status in ('active', 'pending')
    returning *`.execute(trx);
  const grants = rows.map(toGrant);
  const forfeitedActive = grants.find((grant) => grant.id === active?.id);
  const account = locked.get(player);
  if (forfeitedActive && account) await takeBackBonusCash(trx, forfeitedActive, account, 'forfeit');
  return grants;
}

/**
 * The member forfeits their active grant (a player's own choice): its bonus cash goes back, and the next
 * pending grant, if any, becomes active. Undefined when there was no active grant (nothing changes).
 */
export async function forfeitActiveBonus(
  trx: Trx,
  memberId: number,
  reason: string,
): Promise<BonusGrant | undefined> {
  const active = await findActiveGrant(trx, memberId);
  if (!active) return undefined;
  const player = ACCOUNT.player(memberId);
  const locked = await lockAccounts(trx, [player, active.budgetAccount]);
  // The claim is the predicate: a conversion or an expiry that came first leaves nothing to forfeit.
  const { rows } = await sql<GrantRow>`
    update bonus_grant set status = 'forfeited', forfeit_reason = ${reason}, ended_at = now()
    where id = ${active.id} and status = 'active'
    returning *`.execute(trx);
  if (!rows[0]) return undefined;
  const grant = toGrant(rows[0]);
  const account = locked.get(player);
  if (account) await takeBackBonusCash(trx, grant, account, 'forfeit');
  await activateNext(trx, memberId);
  return grant;
}

/** Why a grant ended when its member gave it up (`bonus_grant.forfeit_reason`). */
export const PLAYER_FORFEIT = 'player';

/**
 * The member gives up their active bonus `id` (the bonus page, or a game where its stake limit is met): its
 * bonus cash goes back to its budget and the next pending grant becomes active, in one transaction.
 * Refused (BONUS_NOT_ACTIVE) when that grant is not the member's active one any more (completed, expired,
 * another member's): a double tap never forfeits the next bonus.
 */
export async function forfeitByPlayer(
  db: Kysely<Database>,
  memberId: number,
  id: number,
): Promise<BonusGrant> {
  return retryingTransaction(db, async (trx) => {
    const grant = await forfeitActiveBonus(trx, memberId, PLAYER_FORFEIT);
    // Another grant than the one the player saw: nothing of this transaction commits.
    if (!grant || grant.id !== id) throw new AppError('BONUS_NOT_ACTIVE');
    return grant;
  });
}

/** The member's grants, newest first (the member's bonus page). */
export async function listGrants(trx: Trx | Kysely<Database>, memberId: number): Promise<BonusGrant[]> {
  const { rows } = await sql<GrantRow>`
    select * from bonus_grant where member_id = ${memberId} order by id desc limit 100`.execute(trx);
  return rows.map(toGrant);
}

/** Whether the member was ever granted a bonus from `source` (a programme's code), whatever became of it. */
export async function hasGrantFrom(
  db: Trx | Kysely<Database>,
  memberId: number,
  source: string,
): Promise<boolean> {
  const { rows } = await sql<{ granted: boolean }>`
    select exists (select 1 from bonus_grant where member_id = ${memberId} and source = ${source})
      as granted`.execute(db);
  return rows[0]?.granted === true;
}

/**
 * Expires one grant past its date (the expiry job): the claim is the `status = 'active'` predicate of the
 * UPDATE itself, so an expiry never races a forfeit or a conversion into doing both. Its bonus cash goes
 * back to its budget (`bonus:expire:<grant>`) and the member's next pending grant is activated. False when
 * there was nothing to expire (already ended, or not yet due).
 */
export async function expireGrant(trx: Trx, grantId: number): Promise<boolean> {
  const { rows: found } = await sql<{ member_id: string; budget_account: string }>`
    select member_id, budget_account from bonus_grant where id = ${grantId}`.execute(trx);
  if (!found[0]) return false;
  const memberId = Number(found[0].member_id);
  const player = ACCOUNT.player(memberId);
  const locked = await lockAccounts(trx, [player, found[0].budget_account]);
  const { rows } = await sql<GrantRow>`
    update bonus_grant set status = 'expired', ended_at = now()
    where id = ${grantId} and status = 'active' and expires_at <= now()
    returning *`.execute(trx);
  if (!rows[0]) return false;
  const account = locked.get(player);
  if (account) await takeBackBonusCash(trx, toGrant(rows[0]), account, 'expire');
  await activateNext(trx, memberId);
  return true;
}

/** Active grants past their expiry, oldest first (the expiry job's batch). */
export async function dueGrants(db: Kysely<Database>, limit: number): Promise<number[]> {
  const { rows } = await sql<{ id: string }>`
    select id from bonus_grant where status = 'active' and expires_at <= now()
    order by expires_at limit ${limit}`.execute(db);
  return rows.map((row) => Number(row.id));
}

/** Pending grants past their expiry expire without money (they were never credited). How many. */
export async function expirePendingGrants(db: Kysely<Database>): Promise<number> {
  const result = await sql`
    update bonus_grant set status = 'expired', ended_at = now()
    where status = 'pending' and expires_at <= now()`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
