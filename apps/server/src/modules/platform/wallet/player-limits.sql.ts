import { SESSION_PAUSE_MINUTES } from '@app/contracts/limits';
import type { Routine } from '../../../db/routines.ts';

/**
 * The wallet's database functions for responsible-gambling limits (issue 25 §2; migration 0079;
 * docs/compliance.md "Limits that hold"). The check lives here, in the money's own transaction, because
 * a limit checked anywhere else (an asynchronous monitor, a page) is a limit a burst of parallel bets
 * passes: the money-fact trigger calls `player_limits_apply` for every fact of every money path (in-house,
 * crash, the provider's one-statement calls, cash tickets), after the ledger function locked the member's
 * account, so a member's bets are checked one after another against what the others already counted.
 */

/**
 * `player_limits_rolled`: a usage row moved to the current day, week (from Monday) and month of its time
 * zone, each period's counters from 0 when it has begun since the row was written. Pure: no write.
 */
const playerLimitsRolled = `
create function player_limits_rolled(u player_limit_usage) returns player_limit_usage
language plpgsql stable as $$
declare
  v_local timestamp := now() at time zone u.time_zone;
begin
  if u.day_start <> v_local::date then
    u.day_start := v_local::date;
    u.deposits_day := 0;
    u.stakes_day := 0;
    u.losses_day := 0;
  end if;
  if u.week_start <> date_trunc('week', v_local)::date then
    u.week_start := date_trunc('week', v_local)::date;
    u.deposits_week := 0;
    u.stakes_week := 0;
    u.losses_week := 0;
  end if;
  if u.month_start <> date_trunc('month', v_local)::date then
    u.month_start := date_trunc('month', v_local)::date;
    u.deposits_month := 0;
    u.stakes_month := 0;
    u.losses_month := 0;
  end if;
  return u;
end;
$$`;

/** The pause without bets that ends a play session (the session limit's rule, limits.ts). */
const SESSION_PAUSE = `interval '${SESSION_PAUSE_MINUTES} minutes'`;

/**
 * `player_limits_in_force`: works out the member's limits in force now from their `player_limit` rows (a
 * raise whose cooling-off has passed is in force; an earlier lower one until then) onto their usage row,
 * with the next time that changes (the earliest cooling-off still running, else never), and returns the
 * row. The wallet calls it after every change of a member's limits, and the checks below call it when a
 * row's `limits_change_at` has come, so no bet reads `player_limit`.
 */
const playerLimitsInForce = `
create function player_limits_in_force(p_member bigint) returns player_limit_usage
language plpgsql as $$
declare
  u player_limit_usage;
begin
  update player_limit_usage set
    limit_deposit_day = l.deposit_day, limit_deposit_week = l.deposit_week, limit_deposit_month = l.deposit_month,
    limit_stake_day = l.stake_day, limit_stake_week = l.stake_week, limit_stake_month = l.stake_month,
    limit_loss_day = l.loss_day, limit_loss_week = l.loss_week, limit_loss_month = l.loss_month,
    limit_session = l.session, limits_change_at = l.change_at
  from (
    select max(amount) filter (where name = 'deposit:day') as deposit_day,
      max(amount) filter (where name = 'deposit:week') as deposit_week,
      max(amount) filter (where name = 'deposit:month') as deposit_month,
      max(amount) filter (where name = 'stake:day') as stake_day,
      max(amount) filter (where name = 'stake:week') as stake_week,
      max(amount) filter (where name = 'stake:month') as stake_month,
      max(amount) filter (where name = 'loss:day') as loss_day,
      max(amount) filter (where name = 'loss:week') as loss_week,
      max(amount) filter (where name = 'loss:month') as loss_month,
      max(amount) filter (where name = 'session') as session,
      coalesce(min(pending_at) filter (where pending_at > now()), 'infinity') as change_at
    from (
      select name, pending_at, case when pending_at <= now() then pending_amount else amount end as amount
      from player_limit where member_id = p_member
    ) in_force
  ) l
  where member_id = p_member
  returning player_limit_usage.* into u;
  return u;
end;
$$`;

/**
 * How a check refuses: SQLSTATE WL006 naming the limit in its detail (the wallet answers the limit's own
 * error, LIMIT_ERROR_KEYS). `name` is a PL/pgSQL variable holding the limit's name.
 */
const refuseWith = (name: string) =>
  `raise exception 'the % limit would be passed (% more)', ${name}, p_amount using errcode = 'WL006', detail = ${name}`;

/** The member's local day, week (from Monday) and month of `now()`, in a usage row's update. */
const LOCAL_DAY = `(now() at time zone time_zone)::date`;
const LOCAL_WEEK = `date_trunc('week', now() at time zone time_zone)::date`;
const LOCAL_MONTH = `date_trunc('month', now() at time zone time_zone)::date`;

/** A period's counter of a usage row's update: from 0 when its period has begun since it was written. */
const counted = (column: string, period: 'day' | 'week' | 'month', change: string) => {
  const start = { day: LOCAL_DAY, week: LOCAL_WEEK, month: LOCAL_MONTH }[period];
  return `${column}_${period} = case when ${period}_start = ${start} then ${column}_${period} else 0 end + ${change}`;
};

/**
 * `player_limits_apply`: a money fact's effect on the member's limits, as ONE update of their usage row
 * (a member who never set a limit has none: one primary-key probe). The row's periods roll to the
 * current day, week and month; a bet begins a new play session when the last one has ended (no bet for the
 * pause), and counts as a stake and as a loss (net losses are stakes less wins, a stake counted as lost
 * until its win); a win lowers the losses; a rollback takes its stake back; a paid deposit is counted (its
 * limit was checked when it was asked for: `player_limits_refuse_deposit`, since money M-Pesa has taken is
 * credited whatever happens). Then a bet is refused once its session has lasted the session limit, or past
 * a stake or loss limit, in that order (the limit a refusal names); the refusal undoes the update with the
 * bet, so a refused bet neither counts nor extends its session.
 */
const playerLimitsApply = `
create function player_limits_apply(p_member bigint, p_kind text, p_amount bigint) returns void
language plpgsql as $$
declare
  u player_limit_usage;
  v_bet boolean := p_kind = 'bet';
  v_stake bigint := case p_kind when 'bet' then p_amount when 'rollback' then -p_amount else 0 end;
  v_loss bigint := case p_kind when 'bet' then p_amount when 'win' then -p_amount when 'rollback' then -p_amount
    else 0 end;
  v_deposit bigint := case p_kind when 'deposit' then p_amount else 0 end;
  v_passed text;
begin
  if p_kind not in ('bet', 'win', 'rollback', 'deposit') then
    return;
  end if;
  update player_limit_usage set
    ${['day', 'week', 'month'].map((period) => counted('deposits', period as 'day', 'v_deposit')).join(',\n    ')},
    ${['day', 'week', 'month'].map((period) => counted('stakes', period as 'day', 'v_stake')).join(',\n    ')},
    ${['day', 'week', 'month'].map((period) => counted('losses', period as 'day', 'v_loss')).join(',\n    ')},
    day_start = ${LOCAL_DAY}, week_start = ${LOCAL_WEEK}, month_start = ${LOCAL_MONTH},
    session_started_at = case
      when v_bet and (session_last_bet_at is null or session_last_bet_at <= now() - ${SESSION_PAUSE}) then now()
      else session_started_at end,
    session_last_bet_at = case when v_bet then now() else session_last_bet_at end
  where member_id = p_member
  returning * into u;
  if not found or not v_bet then
    return;
  end if;
  if u.limits_change_at <= now() then
    u := player_limits_in_force(p_member);
  end if;
  if now() >= u.session_started_at + u.limit_session * interval '1 minute' then
    raise exception 'the session limit of % minutes has passed (session from %)', u.limit_session,
      u.session_started_at using errcode = 'WL006', detail = 'session';
  end if;
  -- One expression, not a call per limit: plpgsql evaluates it without a query.
  v_passed := case
    when u.stakes_day > u.limit_stake_day then 'stake:day'
    when u.stakes_month > u.limit_stake_month then 'stake:month'
    when u.stakes_week > u.limit_stake_week then 'stake:week'
    when u.losses_day > u.limit_loss_day then 'loss:day'
    when u.losses_month > u.limit_loss_month then 'loss:month'
    when u.losses_week > u.limit_loss_week then 'loss:week'
  end;
  if v_passed is not null then
    ${refuseWith('v_passed')};
  end if;
end;
$$`;

/**
 * `player_limits_refuse_deposit`: before a deposit is asked for, WL006 when `p_amount` (the deposit and the
 * member's other deposits still under way, which the caller counted under this row's lock:
 * `player_limits_lock`) would pass a deposit limit.
 */
const playerLimitsRefuseDeposit = `
create function player_limits_refuse_deposit(p_member bigint, p_amount bigint) returns void
language plpgsql as $$
declare
  u player_limit_usage;
  v_passed text;
begin
  select * into u from player_limit_usage where member_id = p_member;
  if not found then
    return;
  end if;
  if u.limits_change_at <= now() then
    u := player_limits_in_force(p_member);
  end if;
  u := player_limits_rolled(u);
  v_passed := case
    when u.deposits_day + p_amount > u.limit_deposit_day then 'deposit:day'
    when u.deposits_month + p_amount > u.limit_deposit_month then 'deposit:month'
    when u.deposits_week + p_amount > u.limit_deposit_week then 'deposit:week'
  end;
  if v_passed is not null then
    ${refuseWith('v_passed')};
  end if;
end;
$$`;

export const PLAYER_LIMIT_ROUTINES: Routine[] = [
  { name: 'player_limits_rolled', definition: playerLimitsRolled },
  { name: 'player_limits_in_force', definition: playerLimitsInForce },
  { name: 'player_limits_apply', definition: playerLimitsApply },
  { name: 'player_limits_refuse_deposit', definition: playerLimitsRefuseDeposit },
];
