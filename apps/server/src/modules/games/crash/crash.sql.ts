import type { Routine } from '../../../db/routines.ts';

/** What `crash_bet` answers for a bet placed, and `crash_bets` for each of its bets: name and type. */
const PLACED_BET_COLUMNS = [
  ['bet_id', 'bigint'],
  ['bet_created_at', 'timestamptz'],
  ['bet_transaction_id', 'bigint'],
  ['round_id', 'bigint'],
  ['round_chain_id', 'integer'],
  ['round_chain_index', 'integer'],
  ['round_game_hash', 'text'],
  ['round_crash_point', 'integer'],
  ['round_state', 'text'],
  ['round_betting_ends_at', 'timestamptz'],
  ['round_started_at', 'timestamptz'],
  ['round_ended_at', 'timestamptz'],
  ['player_cash', 'bigint'],
] as const;

/**
 * `crash_bet`: a real-money crash bet as ONE statement (issue 24, docs/decisions.md "The crash bet in one
 * statement"), the provider's `provider_bet` design: what `placeBet` did in a transaction of eight round
 * trips (BEGIN, the round, the bet, a savepoint, the debit, its release, the transaction id, COMMIT), in
 * the same order and with the same rules, in one call that runs as its own transaction:
 *
 * 1. the round taking bets (the newest in state `betting`), locked FOR SHARE until the bet commits, so the
 *    driver cannot start it meanwhile; none, one whose betting time ended before the bet's receipt time
 *    (`p_received_at`, epoch ms, compared as the server compared it: at whole milliseconds), or another
 *    round than the one the page named (`p_round`, null for none) raises CR001 (CRASH_BETTING_CLOSED);
 * 2. the bet's id taken from game_round's sequence, and the stake debited through the wallet's
 *    `ledger_debit` (the only code that writes a balance; its money fact's triggers apply the bonus wagering
 *    and the player's limits), under the key and with the description the wallet's `ledgerDebitCall` made,
 *    their `%s` filled with the bet's id (and the round's, for the description): its errors are the
 *    ledger's SQLSTATEs (WL001 short of cash, WL005, WL006);
 * 3. the bet's row in game_round, with its journal transaction: a second bet of the member in the round is
 *    refused by the unique index game_round_crash_member (23505, CRASH_ALREADY_BET).
 *
 * The row is inserted whole after the debit rather than inserted first and then updated with its journal
 * transaction: PostgreSQL re-checks every foreign key of a row updated in the transaction that inserted
 * it, and the update wrote a second version of the row into each of its indexes (counted in
 * docs/benchmarks.md, 2026-12-04 22:30).
 *
 * Any refusal undoes all of it. Returns the bet's id, receipt time and journal transaction, the round as
 * read, and the member's cash after the debit (the answer's balance).
 */
const crashBet = `
create function crash_bet(
  p_round bigint,
  p_received_at bigint,
  p_game integer,
  p_member bigint,
  p_session bigint,
  p_stake bigint,
  p_auto_cashout integer,
  p_ledger_key text,
  p_ledger_hash text,
  p_ledger_kind text,
  p_description text,
  p_player text,
  p_house text
) returns table (
  ${PLACED_BET_COLUMNS.map(([name, type]) => `${name} ${type}`).join(',\n  ')}
)
language plpgsql as $$
declare
  v_round record;
  v_bet bigint;
  v_created timestamptz;
  v_key text;
  v_journal bigint;
begin
  select r.id, r.chain_id, r.chain_index, r.game_hash, r.crash_point, r.state, r.betting_ends_at,
    r.started_at, r.ended_at
  into v_round
  from crash_round as r
  where r.state = 'betting'
  order by r.id desc
  limit 1
  for share;
  if not found
    or p_received_at >= floor(extract(epoch from v_round.betting_ends_at) * 1000)
    or (p_round is not null and p_round <> v_round.id) then
    raise exception 'crash: no round taking bets at %', p_received_at using errcode = 'CR001';
  end if;

  v_bet := nextval('game_round_id_seq');
  v_key := format(p_ledger_key, v_bet);
  select debit.transaction_id into v_journal from ledger_debit(
    v_key, p_ledger_hash, p_ledger_kind, p_member, format(p_description, v_round.id, v_bet), p_player, p_house,
    p_stake, 'bet', p_game, v_key
  ) as debit;

  insert into game_round (
    id, game_id, member_id, session_id, mode, crash_round_id, stake, payout, multiplier, state, options,
    outcome, bet_transaction_id
  ) values (
    v_bet, p_game, p_member, p_session, 'launch', v_round.id, p_stake, 0, null, 'open',
    jsonb_build_object('autoCashout', p_auto_cashout), null, v_journal
  )
  returning created_at into v_created;

  return query select v_bet, v_created, v_journal, v_round.id, v_round.chain_id, v_round.chain_index,
    v_round.game_hash, v_round.crash_point, v_round.state::text, v_round.betting_ends_at, v_round.started_at,
    v_round.ended_at, (select account.cash from ledger_account as account where account.code = p_player);
end;
$$`;

/**
 * `crash_bets`: many real-money bets in ONE statement and one transaction (group commit, docs/decisions.md
 * "Crash bets and game sessions in batches"). `p_bets` is a JSON array of `crash_bet`'s arguments by name
 * (roundId, receivedAt, game, member, session, stake, autoCashout, ledgerKey, ledgerHash, ledgerKind,
 * description, player, house); each is placed by `crash_bet` in a block of its own (a subtransaction), so a bet refused for
 * any reason is undone alone, its SQLSTATE, message and detail returned on its row, and the others stand.
 * Returns one row per bet, `bet_ordinal` its place in the array (from 1), in that order.
 *
 * The caller orders the bets by house account, then member: every batch then takes the hot house accounts'
 * row locks in the same order and two batches cannot deadlock on them. Each bet is one subtransaction: a
 * batch stays well under the 64 a session keeps in shared memory before others' snapshots slow down.
 */
const crashBets = `
create function crash_bets(p_bets jsonb) returns table (
  bet_ordinal integer,
  ${PLACED_BET_COLUMNS.map(([name, type]) => `${name} ${type}`).join(',\n  ')},
  error_code text,
  error_message text,
  error_detail text
)
language plpgsql as $$
declare
  v_bet jsonb;
  v_ordinal integer;
  v_code text;
  v_message text;
  v_detail text;
begin
  for v_bet, v_ordinal in select value, ordinality::integer from jsonb_array_elements(p_bets) with ordinality
  loop
    begin
      return query select v_ordinal, placed.*, null::text, null::text, null::text
      from crash_bet(
        (v_bet->>'roundId')::bigint, (v_bet->>'receivedAt')::bigint, (v_bet->>'game')::integer,
        (v_bet->>'member')::bigint, (v_bet->>'session')::bigint, (v_bet->>'stake')::bigint,
        (v_bet->>'autoCashout')::integer, v_bet->>'ledgerKey', v_bet->>'ledgerHash', v_bet->>'ledgerKind',
        v_bet->>'description', v_bet->>'player', v_bet->>'house'
      ) as placed;
    exception when others then
      get stacked diagnostics v_code = returned_sqlstate, v_message = message_text, v_detail = pg_exception_detail;
      return query select v_ordinal,
        ${PLACED_BET_COLUMNS.map(([, type]) => `null::${type}`).join(', ')},
        v_code, v_message, nullif(v_detail, '');
    end;
  end loop;
end;
$$`;

/**
 * `crash_cashout`: a real-money bet's cash-out as ONE statement (docs/decisions.md "Crash bets and game
 * sessions in batches"), what `settleCashOut` did in a transaction of seven round trips (BEGIN, the round,
 * the bet, the account, the credit, the win's transaction, COMMIT), in the same order and with the same
 * rules. The caller judged the receipt time against the crash time and computed the payout; here:
 *
 * 1. the round held running or crashed (FOR SHARE): a cancelled one answers 'round-over', nothing done;
 * 2. the bet settled if still open (its payout, multiplier, outcome and settlement time): a bet settled
 *    already (the automatic cash-out and a click racing, or the loss after the crash) answers 'not-open';
 * 3. a positive payout credited by the wallet's `ledger_credit` (the only code that writes a balance) from
 *    the house under the key and description the wallet's `ledgerCreditCall` made, with its money fact and
 *    the bet's journal transaction as its stake (a win on bonus cash is split, issue 14 §2), and the win's
 *    transaction recorded on the bet.
 *
 * Answers 'done' with the win's transaction and the member's cash after it.
 */
const crashCashout = `
create function crash_cashout(
  p_round bigint,
  p_bet bigint,
  p_payout bigint,
  p_multiplier integer,
  p_outcome jsonb,
  p_settled_at timestamptz,
  p_ledger_key text,
  p_ledger_hash text,
  p_ledger_kind text,
  p_description text,
  p_player text,
  p_house text
) returns table (cashout_outcome text, win_transaction_id bigint, player_cash bigint)
language plpgsql as $$
declare
  v_bet record;
  v_journal bigint;
begin
  perform 1 from crash_round as r where r.id = p_round and r.state in ('running', 'crashed') for share;
  if not found then
    return query select 'round-over'::text, null::bigint, null::bigint;
    return;
  end if;

  update game_round as b set state = 'settled', payout = p_payout, multiplier = p_multiplier,
    outcome = p_outcome, settled_at = p_settled_at
  where b.id = p_bet and b.state = 'open'
  returning b.game_id, b.member_id, b.bet_transaction_id into v_bet;
  if not found then
    return query select 'not-open'::text, null::bigint, null::bigint;
    return;
  end if;

  if p_payout > 0 then
    select credit.transaction_id into v_journal from ledger_credit(
      p_ledger_key, p_ledger_hash, p_ledger_kind, v_bet.member_id, p_description, p_house, p_player, p_payout,
      p_payout, 'win', v_bet.game_id, p_ledger_key,
      case when v_bet.bet_transaction_id is null then null else array[v_bet.bet_transaction_id] end
    ) as credit;
    update game_round as b set win_transaction_id = v_journal where b.id = p_bet;
  end if;

  return query select 'done'::text, v_journal,
    (select account.cash from ledger_account as account where account.code = p_player);
end;
$$`;

/** The crash module's database functions, installed by db/routines.ts. */
export const CRASH_ROUTINES: Routine[] = [
  { name: 'crash_bet', definition: crashBet },
  { name: 'crash_bets', definition: crashBets },
  { name: 'crash_cashout', definition: crashCashout },
];
