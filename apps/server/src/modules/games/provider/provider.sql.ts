import type { Routine } from '../../../db/routines.ts';

/**
 * `provider_bet` and `provider_win`: a provider's bet or win call (Hub88 `transaction/bet`, `/win`) as ONE
 * statement, the call's record, its journal transaction (through the wallet's `ledger_debit` /
 * `ledger_credit`, with the money fact of the bet or win) and its round together. First written in migration
 * 0021 (where the rules are told in full); this is their current text, installed by db/routines.ts.
 * Since then: the money moves with its fact (kind bet or win, the game, the call's transaction_uuid as
 * the source reference), below the ledger's idempotency guard.
 */
const providerBet = `
create function provider_bet(
  p_provider text,
  p_transaction_uuid text,
  p_member bigint,
  p_game integer,
  p_session bigint,
  p_round text,
  p_round_closed boolean,
  p_amount bigint,
  p_currency text,
  p_request_hash text,
  p_request jsonb,
  p_ledger_key text,
  p_ledger_hash text,
  p_ledger_kind text,
  p_description text,
  p_player text,
  p_house text
) returns table (call_outcome text, player_cash bigint)
language plpgsql as $$
declare
  v_id bigint;
  v_journal bigint;
  v_round bigint;
begin
  insert into provider_transaction (
    provider, transaction_uuid, kind, member_id, game_id, round, amount, currency, request_hash, request, state
  ) values (
    p_provider, p_transaction_uuid, 'bet', p_member, p_game, p_round, p_amount, p_currency, p_request_hash,
    p_request, 'done'
  )
  on conflict (provider, transaction_uuid) do nothing
  returning id into v_id;
  if v_id is null then
    return query select 'replay'::text, null::bigint;
    return;
  end if;

  if p_amount > 0 then
    select debit.transaction_id into v_journal from ledger_debit(
      p_ledger_key, p_ledger_hash, p_ledger_kind, p_member, p_description, p_player, p_house, p_amount,
      'bet', p_game, p_transaction_uuid
    ) as debit;
    update provider_transaction set journal_transaction_id = v_journal where id = v_id;
  end if;

  insert into game_round as existing (
    game_id, member_id, session_id, mode, provider_round, stake, state, bet_transaction_id, settled_at
  ) values (
    p_game, p_member, p_session, 'launch', p_round, p_amount,
    case when p_round_closed then 'settled' else 'open' end, v_journal,
    case when p_round_closed then now() end
  )
  on conflict (game_id, provider_round) do update set
    stake = existing.stake + excluded.stake,
    state = excluded.state,
    settled_at = excluded.settled_at,
    bet_transaction_id = coalesce(existing.bet_transaction_id, excluded.bet_transaction_id)
  where existing.member_id = p_member
  returning id into v_round;
  if v_round is null then
    raise exception 'round % of game % belongs to another player', p_round, p_game using errcode = 'PV001';
  end if;

  return query select 'done'::text, (select account.cash from ledger_account as account where account.code = p_player);
end;
$$`;

const providerWin = `
create function provider_win(
  p_provider text,
  p_transaction_uuid text,
  p_member bigint,
  p_game integer,
  p_session bigint,
  p_round text,
  p_bet_transaction_uuid text,
  p_amount bigint,
  p_currency text,
  p_request_hash text,
  p_request jsonb,
  p_ledger_key text,
  p_ledger_hash text,
  p_ledger_kind text,
  p_description text,
  p_player text,
  p_house text
) returns table (call_outcome text, player_cash bigint)
language plpgsql as $$
declare
  v_id bigint;
  v_bet record;
  v_journal bigint;
  v_round bigint;
begin
  insert into provider_transaction (
    provider, transaction_uuid, kind, member_id, game_id, round, reference_transaction_uuid, amount, currency,
    request_hash, request, state
  ) values (
    p_provider, p_transaction_uuid, 'win', p_member, p_game, p_round, p_bet_transaction_uuid, p_amount,
    p_currency, p_request_hash, p_request, 'done'
  )
  on conflict (provider, transaction_uuid) do nothing
  returning id into v_id;
  if v_id is null then
    return query select 'replay'::text, null::bigint;
    return;
  end if;

  select bet.kind, bet.member_id, bet.game_id, bet.round, bet.state, bet.journal_transaction_id into v_bet
  from provider_transaction as bet
  where bet.provider = p_provider and bet.transaction_uuid = p_bet_transaction_uuid
  for update;
  if not found or v_bet.kind <> 'bet' or v_bet.member_id is distinct from p_member
    or v_bet.game_id is distinct from p_game then
    raise exception 'no bet % of this player in this game', p_bet_transaction_uuid using errcode = 'PV404';
  end if;
  if v_bet.state <> 'done' then
    raise exception 'bet % was rolled back', p_bet_transaction_uuid using errcode = 'PV409';
  end if;

  if p_amount > 0 then
    select credit.transaction_id into v_journal from ledger_credit(
      p_ledger_key, p_ledger_hash, p_ledger_kind, p_member, p_description, p_house, p_player, p_amount, p_amount,
      'win', p_game, p_transaction_uuid,
      -- The bet's journal transaction: a win on a stake of bonus cash is split (issue 14 §2).
      case when v_bet.journal_transaction_id is null then null else array[v_bet.journal_transaction_id] end
    ) as credit;
    update provider_transaction set journal_transaction_id = v_journal where id = v_id;
  end if;

  insert into game_round as existing (
    game_id, member_id, session_id, mode, provider_round, payout, state, win_transaction_id, settled_at
  ) values (
    p_game, p_member, p_session, 'launch', v_bet.round, p_amount, 'settled', v_journal, now()
  )
  on conflict (game_id, provider_round) do update set
    payout = existing.payout + excluded.payout,
    state = 'settled',
    settled_at = excluded.settled_at,
    win_transaction_id = coalesce(excluded.win_transaction_id, existing.win_transaction_id)
  where existing.member_id = p_member
  returning id into v_round;
  if v_round is null then
    raise exception 'round % of bet % is not the player''s', v_bet.round, p_bet_transaction_uuid;
  end if;

  return query select 'done'::text, (select account.cash from ledger_account as account where account.code = p_player);
end;
$$`;

/** The provider module's database functions, installed by db/routines.ts. */
export const PROVIDER_ROUTINES: Routine[] = [
  { name: 'provider_bet', definition: providerBet },
  { name: 'provider_win', definition: providerWin },
];
