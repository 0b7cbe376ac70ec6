import { sql, type Kysely, type Transaction } from 'kysely';
import {
  isRaise,
  LIMIT_ERROR_KEYS,
  MONEY_LIMIT_NAMES,
  SESSION_LIMIT,
  SESSION_PAUSE_MINUTES,
  type LimitName,
  type PlayerLimit,
  type PlayerLimits,
  type SetLimitsBody,
} from '@app/contracts/limits';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';

/**
 * Responsible-gambling limits (issue 25 §2; docs/compliance.md "Limits that hold"): deposit, loss and stake
 * limits and the session time limit (`session`, minutes), part of the wallet: the player sets them, an
 * operator may lower them, and the wallet's routines (player-limits.sql.ts) check them in the transaction
 * of every bet and before every deposit is asked for.
 *
 * A lower limit (or a first one) applies at once; a raise or a removal waits `coolingOffHours` (the
 * market's), as a pending change the player sees. Times are the database's (`now()`), the clock the
 * routines judge by.
 */
type Db = Kysely<Database>;

/** The market's part the limits need: its calendar's time zone and its law's cooling-off. */
export type LimitsMarket = { timeZone: string; coolingOffHours: number };

/** Who asked for a change: the player, or an operator (`staff:<id>`) with a reason. */
export type LimitRequester = { by: 'player' } | { by: 'staff'; staffId: number; reason: string };

/** A WL006 from the routines (its detail names the limit) as that limit's error; undefined otherwise. */
export function limitErrorOf(error: unknown): AppError | undefined {
  const { code, detail } = (error ?? {}) as { code?: unknown; detail?: unknown };
  if (code !== 'WL006' || typeof detail !== 'string' || !(detail in LIMIT_ERROR_KEYS)) return undefined;
  return new AppError(LIMIT_ERROR_KEYS[detail as LimitName]);
}

/**
 * Cash spent on play that is not a game's bet (a lottery or cash-draw ticket: real money straight into the
 * draw's fund, with no money fact for the trigger to count), counted as a stake against the member's stake,
 * loss and session limits in the purchase's transaction, after its debit locked the account, and refused
 * past them with the limit's error, as the trigger does for a bet. The prize such a ticket wins is not
 * counted back against the losses: the loss limits stay on the stricter side.
 */
export async function countPlayAgainstLimits(
  trx: Transaction<Database>,
  memberId: number,
  amount: number,
): Promise<void> {
  try {
    await sql`select player_limits_apply(${memberId}, 'bet', ${amount})`.execute(trx);
  } catch (error) {
    throw limitErrorOf(error) ?? error;
  }
}

/** The pause without bets that ends a play session (the session limit's rule, limits.ts). */
const SESSION_PAUSE = sql`make_interval(mins => ${SESSION_PAUSE_MINUTES})`;

/**
 * Locks the member's account (the order every money movement takes: account, then usage) and makes their
 * usage row if they have none, counted from the journal since the earlier of this week's and this month's
 * start: a limit set mid-period counts what the period already saw (a deposit as paid, before its excise,
 * as its money fact counts it), and a session limit set mid-session the session so far (`sessionSoFar`).
 */
async function lockUsage(trx: Transaction<Database>, memberId: number, timeZone: string): Promise<void> {
  await sql`select id from ledger_account where code = ${`player:${memberId}`} for update`.execute(trx);
  const exists = await trx
    .selectFrom('player_limit_usage')
    .select('member_id')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (exists) return;
  await sql`
    insert into player_limit_usage (
      member_id, time_zone, day_start, week_start, month_start,
      deposits_day, deposits_week, deposits_month, stakes_day, stakes_week, stakes_month,
      losses_day, losses_week, losses_month)
    select ${memberId}, ${timeZone}, p.day, p.week, p.month,
      coalesce(sum(m.deposit) filter (where m.local_day >= p.day), 0),
      coalesce(sum(m.deposit) filter (where m.local_day >= p.week), 0),
      coalesce(sum(m.deposit) filter (where m.local_day >= p.month), 0),
      coalesce(sum(m.stake) filter (where m.local_day >= p.day), 0),
      coalesce(sum(m.stake) filter (where m.local_day >= p.week), 0),
      coalesce(sum(m.stake) filter (where m.local_day >= p.month), 0),
      coalesce(sum(m.stake - m.win) filter (where m.local_day >= p.day), 0),
      coalesce(sum(m.stake - m.win) filter (where m.local_day >= p.week), 0),
      coalesce(sum(m.stake - m.win) filter (where m.local_day >= p.month), 0)
    from (
      select (now() at time zone ${timeZone})::date as day,
        date_trunc('week', now() at time zone ${timeZone})::date as week,
        date_trunc('month', now() at time zone ${timeZone})::date as month
    ) p
    left join lateral (
      select (t.created_at at time zone ${timeZone})::date as local_day,
        case when t.kind = 'deposit' and e.amount > 0 then e.amount else 0 end as deposit,
        case when t.kind = 'bet' then -e.amount else 0 end as stake,
        case when t.kind = 'win' then e.amount else 0 end as win
      from journal_transaction t
      join journal_entry e on e.transaction_id = t.id and e.asset = 'cash'
        and e.account_id = (select id from ledger_account where code = ${`player:${memberId}`})
      where t.member_id = ${memberId} and t.kind in ('deposit', 'bet', 'win')
        and t.created_at >= (least(p.week, p.month)::timestamp at time zone ${timeZone})
    ) m on true
    group by p.day, p.week, p.month`.execute(trx);
  await sessionSoFar(trx, memberId);
}

/**
 * The play session under way, read from the journal's bets of the last day when the usage row is made
 * (afterwards `player_limits_apply` keeps it at every bet): its last bet, if within the pause, and its
 * first, the latest bet that followed a pause (or began the day's window).
 */
async function sessionSoFar(trx: Transaction<Database>, memberId: number): Promise<void> {
  await sql`
    update player_limit_usage set session_started_at = s.started, session_last_bet_at = s.last_bet
    from (
      select max(created_at) filter (where previous is null or created_at - previous >= ${SESSION_PAUSE}) as started,
        max(created_at) as last_bet
      from (
        select created_at, lag(created_at) over (order by created_at) as previous
        from journal_transaction
        where member_id = ${memberId} and kind = 'bet' and created_at > now() - interval '1 day'
      ) bets
    ) s
    where member_id = ${memberId} and s.last_bet > now() - ${SESSION_PAUSE}`.execute(trx);
}

type LimitRow = { name: string; amount: number | null; pending_amount: number | null };

/** The member's limit rows, a pending change whose time has come made the amount in force. */
async function settledLimits(
  trx: Transaction<Database>,
  memberId: number,
): Promise<Map<LimitName, LimitRow>> {
  await sql`
    update player_limit set amount = pending_amount, pending_amount = null, pending_at = null, updated_at = now()
    where member_id = ${memberId} and pending_at <= now()`.execute(trx);
  await sql`delete from player_limit where member_id = ${memberId} and amount is null and pending_at is null`.execute(
    trx,
  );
  const rows = await trx
    .selectFrom('player_limit')
    .select(['name', 'amount', 'pending_amount'])
    .where('member_id', '=', memberId)
    .execute();
  return new Map(rows.map((row) => [row.name as LimitName, row]));
}

async function recordChange(
  trx: Transaction<Database>,
  memberId: number,
  change: { name: LimitName; from: number | null; to: number | null; afterHours: number },
  requester: LimitRequester,
): Promise<void> {
  await sql`
    insert into player_limit_change (member_id, name, from_amount, to_amount, applies_at, requested_by, reason)
    values (${memberId}, ${change.name}, ${change.from}, ${change.to},
      now() + make_interval(hours => ${change.afterHours}),
      ${requester.by === 'staff' ? `staff:${requester.staffId}` : 'player'},
      ${requester.by === 'staff' ? requester.reason : ''})`.execute(trx);
}

/**
 * After a change of the member's limits in `trx`: the usage row carries the limits in force, which the
 * money's routines check (player-limits.sql.ts `player_limits_in_force`).
 */
async function putLimitsInForce(trx: Transaction<Database>, memberId: number): Promise<void> {
  await sql`select from player_limits_in_force(${memberId})`.execute(trx);
}

/** The limit in force becomes `amount` now (a lowering, or a first limit); any pending raise is dropped. */
async function applyNow(
  trx: Transaction<Database>,
  memberId: number,
  name: LimitName,
  amount: number | null,
): Promise<void> {
  if (amount === null) {
    await sql`delete from player_limit where member_id = ${memberId} and name = ${name}`.execute(trx);
    return;
  }
  await sql`
    insert into player_limit (member_id, name, amount) values (${memberId}, ${name}, ${amount})
    on conflict (member_id, name) do update
    set amount = excluded.amount, pending_amount = null, pending_at = null, updated_at = now()`.execute(trx);
}

/**
 * The player changes their limits: each lower (or first) one at once, each raise or removal after the
 * market's cooling-off, replacing a raise already waiting. Asking for the limit in force again drops a
 * waiting change.
 */
export async function setPlayerLimits(
  db: Db,
  market: LimitsMarket,
  memberId: number,
  body: SetLimitsBody,
): Promise<PlayerLimits> {
  await db.transaction().execute((trx) => changePlayerLimits(trx, market, memberId, body));
  return getPlayerLimits(db, market, memberId);
}

/**
 * setPlayerLimits in the caller's transaction: a registration sets the limits the player chose with the new
 * member (where the market's law asks for them at registration), so no account exists without them.
 */
export async function changePlayerLimits(
  trx: Transaction<Database>,
  market: LimitsMarket,
  memberId: number,
  body: SetLimitsBody,
): Promise<void> {
  await lockUsage(trx, memberId, market.timeZone);
  const limits = await settledLimits(trx, memberId);
  for (const { name, amount } of body.limits) {
    const current = limits.get(name)?.amount ?? null;
    if (amount === current) {
      await applyNow(trx, memberId, name, current);
    } else if (isRaise(current, amount)) {
      await sql`
        update player_limit set pending_amount = ${amount},
          pending_at = now() + make_interval(hours => ${market.coolingOffHours}), updated_at = now()
        where member_id = ${memberId} and name = ${name}`.execute(trx);
      await recordChange(
        trx,
        memberId,
        { name, from: current, to: amount, afterHours: market.coolingOffHours },
        { by: 'player' },
      );
    } else {
      await applyNow(trx, memberId, name, amount);
      await recordChange(trx, memberId, { name, from: current, to: amount, afterHours: 0 }, { by: 'player' });
    }
  }
  await putLimitsInForce(trx, memberId);
}

/**
 * An operator lowers a player's limit (or sets one where there was none), at once, dropping any raise the
 * player had waiting; never a raise (LIMIT_NOT_LOWER). The caller audits it in `trx`.
 */
export async function lowerPlayerLimit(
  trx: Transaction<Database>,
  market: LimitsMarket,
  memberId: number,
  change: { name: LimitName; amount: number; staffId: number; reason: string },
): Promise<{ from: number | null; to: number }> {
  await lockUsage(trx, memberId, market.timeZone);
  const current = (await settledLimits(trx, memberId)).get(change.name)?.amount ?? null;
  if (current !== null && change.amount >= current) throw new AppError('LIMIT_NOT_LOWER');
  await applyNow(trx, memberId, change.name, change.amount);
  await recordChange(
    trx,
    memberId,
    { name: change.name, from: current, to: change.amount, afterHours: 0 },
    { by: 'staff', staffId: change.staffId, reason: change.reason },
  );
  await putLimitsInForce(trx, memberId);
  return { from: current, to: change.amount };
}

type UsageView = Record<`${'deposits' | 'stakes' | 'losses'}_${'day' | 'week' | 'month'}`, number> &
  Record<`${'day' | 'week' | 'month'}_ends`, number> &
  Record<'session_minutes' | 'session_ends', number>;

const USED_COLUMN = { deposit: 'deposits', stake: 'stakes', loss: 'losses' } as const;

/** Every limit with what counts against it this period, when that resets, and a raise waiting. */
export async function getPlayerLimits(db: Db, market: LimitsMarket, memberId: number): Promise<PlayerLimits> {
  const { rows } = await sql<UsageView>`
    select coalesce(r.deposits_day, 0)::int8 as deposits_day, coalesce(r.deposits_week, 0)::int8 as deposits_week,
      coalesce(r.deposits_month, 0)::int8 as deposits_month, coalesce(r.stakes_day, 0)::int8 as stakes_day,
      coalesce(r.stakes_week, 0)::int8 as stakes_week, coalesce(r.stakes_month, 0)::int8 as stakes_month,
      coalesce(r.losses_day, 0)::int8 as losses_day, coalesce(r.losses_week, 0)::int8 as losses_week,
      coalesce(r.losses_month, 0)::int8 as losses_month,
      (extract(epoch from (p.day + 1)::timestamp at time zone ${market.timeZone}) * 1000)::int8 as day_ends,
      (extract(epoch from (p.week + 7)::timestamp at time zone ${market.timeZone}) * 1000)::int8 as week_ends,
      (extract(epoch from (p.month + interval '1 month') at time zone ${market.timeZone}) * 1000)::int8
        as month_ends,
      coalesce(floor(extract(epoch from now() - r.live_start) / 60), 0)::int8 as session_minutes,
      (extract(epoch from coalesce(r.live_last + ${SESSION_PAUSE}, now())) * 1000)::int8 as session_ends
    from (
      select (now() at time zone ${market.timeZone})::date as day,
        date_trunc('week', now() at time zone ${market.timeZone})::date as week,
        date_trunc('month', now() at time zone ${market.timeZone})::date as month
    ) p
    left join lateral (
      -- The session only while it is under way: a pause since its last bet has ended it.
      select rolled.*,
        case when rolled.session_last_bet_at > now() - ${SESSION_PAUSE} then rolled.session_started_at end as live_start,
        case when rolled.session_last_bet_at > now() - ${SESSION_PAUSE} then rolled.session_last_bet_at end as live_last
      from (select (player_limits_rolled(u)).* from player_limit_usage u where u.member_id = ${memberId}) rolled
    ) r on true`.execute(db);
  const usage = rows[0];
  if (!usage) throw new Error('limits: the period query returned no row');
  const stored = await db
    .selectFrom('player_limit')
    .select(['name', 'amount', 'pending_amount'])
    .select(sql<number | null>`(extract(epoch from pending_at) * 1000)::int8`.as('pending_at'))
    .select(sql<boolean>`pending_at <= now()`.as('due'))
    .where('member_id', '=', memberId)
    .execute();
  const byName = new Map(stored.map((row) => [row.name, row]));
  const withChange = (name: LimitName, used: number, resetsAt: number): PlayerLimit => {
    const row = byName.get(name);
    const waiting = row?.pending_at !== null && row?.pending_at !== undefined && !row.due;
    return {
      name,
      amount: row ? (row.due ? row.pending_amount : row.amount) : null,
      used,
      resetsAt,
      pending:
        waiting && row.pending_at !== null ? { amount: row.pending_amount, appliesAt: row.pending_at } : null,
    };
  };
  const limits: PlayerLimit[] = MONEY_LIMIT_NAMES.map((name) => {
    const [kind, period] = name.split(':') as [keyof typeof USED_COLUMN, 'day' | 'week' | 'month'];
    return withChange(name, usage[`${USED_COLUMN[kind]}_${period}`], usage[`${period}_ends`]);
  });
  limits.push(withChange(SESSION_LIMIT, usage.session_minutes, usage.session_ends));
  return { limits, coolingOffHours: market.coolingOffHours };
}

/**
 * Before a deposit is asked for (issue 25 §2): refuses it with its limit's error when it and the member's
 * deposits still under way (`underWay`, counted by the caller in `trx` after this lock, so parallel asks
 * are counted one after another) would pass a deposit limit.
 */
export async function refuseDepositPastLimits(
  trx: Transaction<Database>,
  memberId: number,
  amount: number,
  underWay: () => Promise<number>,
): Promise<void> {
  const locked =
    await sql`select member_id from player_limit_usage where member_id = ${memberId} for update`.execute(trx);
  if (locked.rows.length === 0) return;
  const pending = await underWay();
  try {
    await sql`select player_limits_refuse_deposit(${memberId}, ${amount + pending})`.execute(trx);
  } catch (error) {
    throw limitErrorOf(error) ?? error;
  }
}

/** One change of a member's limit as `player_limit_change` keeps it (the back office's history). */
export type LimitChangeRecord = {
  id: number;
  name: LimitName;
  from: number | null;
  to: number | null;
  requestedAt: Date;
  appliesAt: Date;
  /** The staff member who asked it, or null for the player's own change. */
  staffId: number | null;
  reason: string;
};

/**
 * Every limit change a member asked, or an operator made for them, newest first (issue 26 §4): the limit,
 * before and after, when it was asked and when it takes effect (a raise after the cooling-off).
 */
export async function listLimitChanges(
  db: Db,
  memberId: number,
  limit: number,
): Promise<LimitChangeRecord[]> {
  const rows = await db
    .selectFrom('player_limit_change')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name as LimitName,
    from: row.from_amount === null ? null : Number(row.from_amount),
    to: row.to_amount === null ? null : Number(row.to_amount),
    requestedAt: row.created_at,
    appliesAt: row.applies_at,
    // recordChange writes `staff:<id>` for an operator, `player` for the player.
    staffId: row.requested_by.startsWith('staff:') ? Number(row.requested_by.slice('staff:'.length)) : null,
    reason: row.reason,
  }));
}
