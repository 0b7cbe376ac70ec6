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
 * `player_limits_refuse`: raises WL006 (the wallet answers the limit's own error, LIMIT_ERROR_KEYS) when
 * `p_amount` more would take `u` past one of the member's limits of `p_kind` in force now (a raise whose
 * cooling-off has passed is in force; an earlier lower one until then): `deposit` the deposit limits, `bet`
 * the stake and loss limits and the session time limit (the session `u` holds, begun at the latest with
 * this bet, has lasted its limit's minutes). One read of the member's limits for a bet: they are few rows
 * under one primary-key prefix.
 */
const playerLimitsRefuse = `
create function player_limits_refuse(u player_limit_usage, p_kind text, p_amount bigint) returns void
language plpgsql stable as $$
declare
  l record;
  v_used bigint;
begin
  for l in
    select name, case when pending_at <= now() then pending_amount else amount end as amount
    from player_limit where member_id = u.member_id and (name like 'deposit:%') = (p_kind = 'deposit')
    -- The session first (it stops every bet), then stakes before losses: the limit a refusal names.
    order by case when name = 'session' then 0 when name like 'stake:%' then 1 else 2 end, name
  loop
    continue when l.amount is null;
    if l.name = 'session' then
      if now() >= u.session_started_at + l.amount * interval '1 minute' then
        raise exception 'the session limit of % minutes has passed (session from %)', l.amount,
          u.session_started_at using errcode = 'WL006', detail = l.name;
      end if;
      continue;
    end if;
    v_used := case l.name
      when 'deposit:day' then u.deposits_day when 'deposit:week' then u.deposits_week
      when 'deposit:month' then u.deposits_month
      when 'stake:day' then u.stakes_day when 'stake:week' then u.stakes_week
      when 'stake:month' then u.stakes_month
      when 'loss:day' then u.losses_day when 'loss:week' then u.losses_week
      else u.losses_month end;
    if v_used + p_amount > l.amount then
      raise exception 'the % limit of % would be passed (% counted, % more)', l.name, l.amount, v_used, p_amount
        using errcode = 'WL006', detail = l.name;
    end if;
  end loop;
end;
$$`;

/**
 * `player_limits_apply`: a money fact's effect on the member's limits. Without a usage row (a member who
 * never set a limit) it costs one primary-key probe. A bet first begins a new play session when the last
 * one has ended (no bet for the pause), is refused past a stake or loss limit (a loss limit counts the
 * stake as if lost: net losses are stakes less wins) or once its session has lasted the session limit,
 * then counted, the session's last bet now; a win lowers the losses; a rollback takes its stake back; a
 * paid deposit is counted (its limit was checked when it was asked for: `player_limits_refuse_deposit`,
 * since money M-Pesa has taken is credited whatever happens). A refused bet does not extend its session,
 * so the pause that lets play start again runs from the last bet placed.
 */
const playerLimitsApply = `
create function player_limits_apply(p_member bigint, p_kind text, p_amount bigint) returns void
language plpgsql as $$
declare
  u player_limit_usage;
begin
  if p_kind not in ('bet', 'win', 'rollback', 'deposit') then
    return;
  end if;
  select * into u from player_limit_usage where member_id = p_member for update;
  if not found then
    return;
  end if;
  u := player_limits_rolled(u);
  if p_kind = 'bet' then
    if u.session_last_bet_at is null or u.session_last_bet_at <= now() - ${SESSION_PAUSE} then
      u.session_started_at := now();
    end if;
    perform player_limits_refuse(u, 'bet', p_amount);
    u.session_last_bet_at := now();
    u.stakes_day := u.stakes_day + p_amount;
    u.stakes_week := u.stakes_week + p_amount;
    u.stakes_month := u.stakes_month + p_amount;
    u.losses_day := u.losses_day + p_amount;
    u.losses_week := u.losses_week + p_amount;
    u.losses_month := u.losses_month + p_amount;
  elsif p_kind = 'win' then
    u.losses_day := u.losses_day - p_amount;
    u.losses_week := u.losses_week - p_amount;
    u.losses_month := u.losses_month - p_amount;
  elsif p_kind = 'rollback' then
    u.stakes_day := u.stakes_day - p_amount;
    u.stakes_week := u.stakes_week - p_amount;
    u.stakes_month := u.stakes_month - p_amount;
    u.losses_day := u.losses_day - p_amount;
    u.losses_week := u.losses_week - p_amount;
    u.losses_month := u.losses_month - p_amount;
  else
    u.deposits_day := u.deposits_day + p_amount;
    u.deposits_week := u.deposits_week + p_amount;
    u.deposits_month := u.deposits_month + p_amount;
  end if;
  update player_limit_usage set
    day_start = u.day_start, week_start = u.week_start, month_start = u.month_start,
    deposits_day = u.deposits_day, deposits_week = u.deposits_week, deposits_month = u.deposits_month,
    stakes_day = u.stakes_day, stakes_week = u.stakes_week, stakes_month = u.stakes_month,
    losses_day = u.losses_day, losses_week = u.losses_week, losses_month = u.losses_month,
    session_started_at = u.session_started_at, session_last_bet_at = u.session_last_bet_at
  where member_id = p_member;
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
begin
  select * into u from player_limit_usage where member_id = p_member;
  if not found then
    return;
  end if;
  perform player_limits_refuse(player_limits_rolled(u), 'deposit', p_amount);
end;
$$`;

export const PLAYER_LIMIT_ROUTINES: Routine[] = [
  { name: 'player_limits_rolled', definition: playerLimitsRolled },
  { name: 'player_limits_refuse', definition: playerLimitsRefuse },
  { name: 'player_limits_apply', definition: playerLimitsApply },
  { name: 'player_limits_refuse_deposit', definition: playerLimitsRefuseDeposit },
];
