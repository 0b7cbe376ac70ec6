import type { Routine } from '../../../db/routines.ts';

/**
 * The ledger's database functions, the current text of each, in this one place (issue 13 §5). They are
 * installed after the migrations whenever their text changes (db/routines.ts); migrations 0014, 0019 and
 * 0020 hold their first versions as history only.
 *
 * Every function follows the same rules, in the same order (the wallet service's general path,
 * wallet.service.ts `postOnce`, applies them statement by statement):
 *
 * 1. The header is inserted first; its unique idempotency key makes a replay return the first transaction,
 *    and the same key with another payload raise WL003 (the service answers IDEMPOTENCY_CONFLICT).
 * 2. The accounts are locked in id order (the fixed lock order that prevents deadlocks).
 * 3. The money fact, when one is given, below that guard (migration 0031): a replay writes none. It comes
 *    after the locks because its trigger (`bonus_wagering`, migration 0046) locks the member's active bonus
 *    grant: account first, grant second, the order of every bonus movement (bonus-pocket.ts).
 * 4. A member debit is built from the locked balance: too little cash raises WL001; real money first
 *    (issue 14 §2): the withdrawable part is spent first, the bonus cash (`cash − withdrawable`) only for the
 *    remainder, so the debit's withdrawable entry is `least(withdrawable, amount)`.
 * 5. Entries must be non-zero and sum to zero per asset (WL002 otherwise: a bug, never a player's fault); an
 *    account that does not exist raises WL404.
 * 6. One UPDATE per account applies the deltas; the CHECK on ledger_account refuses any overdraft (23514).
 */

/** `ledger_post`: one journal transaction in one statement: fixed postings and an optional member debit. */
const ledgerPost = `
create function ledger_post(
  p_key text,
  p_hash text,
  p_kind text,
  p_member bigint,
  p_description text,
  p_postings jsonb,
  p_debit jsonb,
  p_fact jsonb default null
) returns table (transaction_id bigint, replayed boolean)
language plpgsql as $$
declare
  v_id bigint;
  v_existing_hash text;
  v_codes text[];
  v_cash bigint;
  v_withdrawable bigint;
  v_amount bigint;
  v_trimmed bigint;
  v_postings jsonb := coalesce(p_postings, '[]'::jsonb);
  v_unbalanced text;
  v_missing text;
  -- code → id of every locked account, so no later statement looks accounts up by code again.
  v_ids jsonb;
  v_delta record;
begin
  insert into journal_transaction (idempotency_key, payload_hash, kind, member_id, description)
  values (p_key, p_hash, p_kind, p_member, p_description)
  on conflict (idempotency_key) do nothing
  returning id into v_id;
  if v_id is null then
    select id, payload_hash into v_id, v_existing_hash
    from journal_transaction where idempotency_key = p_key;
    if v_existing_hash is distinct from p_hash then
      raise exception 'idempotency key % was used with another request', p_key using errcode = 'WL003';
    end if;
    return query select v_id, true;
    return;
  end if;

  select array_agg(distinct code) into v_codes from (
    select posting->>'account' as code from jsonb_array_elements(v_postings) as posting
    union all select p_debit->>'player' where p_debit is not null
    union all select p_debit->>'to' where p_debit is not null
  ) as named;

  select coalesce(jsonb_object_agg(locked.code, locked.id), '{}'::jsonb) into v_ids
  from (select id, code from ledger_account where code = any(v_codes) order by id for update) as locked;

  if p_debit is not null then
    v_amount := (p_debit->>'amount')::bigint;
    select cash, withdrawable into v_cash, v_withdrawable
    from ledger_account where code = p_debit->>'player';
    v_trimmed := coalesce(least(v_withdrawable, v_amount), 0);
  end if;

  -- The fact below the guard, after the locks: its trigger (bonus wagering) locks the member's grant,
  -- always after the member's account, the order every bonus movement takes (and its refusal, WL005, comes
  -- before the balance's). Its own money is the withdrawable cash moved on the member's account: the
  -- postings' and the debit's.
  if p_fact is not null then
    insert into money_fact (kind, member_id, amount, game_id, source_ref, transaction_id, own_money)
    values (p_fact->>'kind', (p_fact->>'memberId')::bigint, (p_fact->>'amount')::bigint,
      (p_fact->>'gameId')::integer, p_fact->>'ref', v_id,
      abs(
        coalesce((select sum((posting->>'amount')::bigint) from jsonb_array_elements(v_postings) as posting
          where posting->>'asset' = 'withdrawable' and posting->>'account' = 'player:' || (p_fact->>'memberId')), 0)
        - case when p_debit->>'player' = 'player:' || (p_fact->>'memberId') then coalesce(v_trimmed, 0) else 0 end
      ));
  end if;

  if p_debit is not null then
    -- A member without an account has no cash.
    if v_cash is null or v_cash < v_amount then
      raise exception 'insufficient balance' using errcode = 'WL001';
    end if;
    v_postings := v_postings || jsonb_build_array(
      jsonb_build_object('account', p_debit->>'player', 'asset', 'cash', 'amount', -v_amount),
      jsonb_build_object('account', p_debit->>'to', 'asset', 'cash', 'amount', v_amount)
    );
    if v_trimmed > 0 then
      v_postings := v_postings || jsonb_build_array(
        jsonb_build_object('account', p_debit->>'player', 'asset', 'withdrawable', 'amount', -v_trimmed),
        jsonb_build_object('account', p_debit->>'to', 'asset', 'withdrawable', 'amount', v_trimmed)
      );
    end if;
  end if;

  select string_agg(wanted.code_name, ', ') into v_missing
  from unnest(v_codes) as wanted(code_name)
  where not v_ids ? wanted.code_name;
  if v_missing is not null then
    raise exception 'ledger: no account %', v_missing using errcode = 'WL404';
  end if;

  select string_agg(asset, ', ') into v_unbalanced from (
    select posting->>'asset' as asset
    from jsonb_array_elements(v_postings) as posting
    group by posting->>'asset'
    having sum((posting->>'amount')::bigint) <> 0 or bool_or((posting->>'amount')::bigint = 0)
  ) as sums;
  if v_unbalanced is not null or jsonb_array_length(v_postings) = 0 then
    raise exception 'ledger: entries do not balance (%)', coalesce(v_unbalanced, 'none') using errcode = 'WL002';
  end if;

  insert into journal_entry (transaction_id, account_id, asset, amount)
  select v_id, (v_ids->>(posting->>'account'))::bigint, posting->>'asset', (posting->>'amount')::bigint
  from jsonb_array_elements(v_postings) as posting;

  -- One UPDATE per account by primary key (a join here let the planner scan every account).
  for v_delta in
    select (v_ids->>(posting->>'account'))::bigint as account_id,
      coalesce(sum((posting->>'amount')::bigint) filter (where posting->>'asset' = 'cash'), 0) as cash,
      coalesce(sum((posting->>'amount')::bigint) filter (where posting->>'asset' = 'withdrawable'), 0) as withdrawable,
      coalesce(sum((posting->>'amount')::bigint) filter (where posting->>'asset' = 'coins'), 0) as coins,
      coalesce(sum((posting->>'amount')::bigint) filter (where posting->>'asset' = 'diamonds'), 0) as diamonds,
      coalesce(sum((posting->>'amount')::bigint) filter (where posting->>'asset' = 'tickets'), 0) as tickets
    from jsonb_array_elements(v_postings) as posting
    group by 1 order by 1
  loop
    update ledger_account set
      cash = cash + v_delta.cash,
      withdrawable = withdrawable + v_delta.withdrawable,
      coins = coins + v_delta.coins,
      diamonds = diamonds + v_delta.diamonds,
      tickets = tickets + v_delta.tickets
    where id = v_delta.account_id;
  end loop;

  return query select v_id, false;
end;
$$`;

/**
 * `ledger_debit`: a member debit (a bet, a fee) without `ledger_post`'s JSON, the ledger's most frequent
 * transfer. A debit that is not positive, or to the payer itself, raises WL002. The fact (`p_fact_kind`
 * given) is of the debited amount and member.
 */
const ledgerDebit = `
create function ledger_debit(
  p_key text,
  p_hash text,
  p_kind text,
  p_member bigint,
  p_description text,
  p_player text,
  p_to text,
  p_amount bigint,
  p_fact_kind text default null,
  p_fact_game integer default null,
  p_fact_ref text default null
) returns table (transaction_id bigint, replayed boolean)
language plpgsql as $$
declare
  v_id bigint;
  v_existing_hash text;
  v_account record;
  v_player_id bigint;
  v_to_id bigint;
  v_cash bigint;
  v_withdrawable bigint;
  v_trimmed bigint;
begin
  if p_amount is null or p_amount <= 0 or p_player = p_to then
    raise exception 'ledger: a debit of % from % to % does not balance', p_amount, p_player, p_to
      using errcode = 'WL002';
  end if;

  insert into journal_transaction (idempotency_key, payload_hash, kind, member_id, description)
  values (p_key, p_hash, p_kind, p_member, p_description)
  on conflict (idempotency_key) do nothing
  returning id into v_id;
  if v_id is null then
    select id, payload_hash into v_id, v_existing_hash
    from journal_transaction where idempotency_key = p_key;
    if v_existing_hash is distinct from p_hash then
      raise exception 'idempotency key % was used with another request', p_key using errcode = 'WL003';
    end if;
    return query select v_id, true;
    return;
  end if;

  for v_account in
    select id, code, cash, withdrawable from ledger_account
    where code in (p_player, p_to) order by id for update
  loop
    if v_account.code = p_player then
      v_player_id := v_account.id;
      v_cash := v_account.cash;
      v_withdrawable := v_account.withdrawable;
    else
      v_to_id := v_account.id;
    end if;
  end loop;

  -- The fact after the locks (see ledger_post); its own money is the withdrawable part the debit takes.
  v_trimmed := coalesce(least(v_withdrawable, p_amount), 0);
  if p_fact_kind is not null then
    insert into money_fact (kind, member_id, amount, game_id, source_ref, transaction_id, own_money)
    values (p_fact_kind, p_member, p_amount, p_fact_game, p_fact_ref, v_id, v_trimmed);
  end if;

  -- A member without an account has no cash.
  if v_player_id is null or v_cash < p_amount then
    raise exception 'insufficient balance' using errcode = 'WL001';
  end if;
  if v_to_id is null then
    raise exception 'ledger: no account %', p_to using errcode = 'WL404';
  end if;

  insert into journal_entry (transaction_id, account_id, asset, amount)
  values (v_id, v_player_id, 'cash', -p_amount), (v_id, v_to_id, 'cash', p_amount);
  if v_trimmed > 0 then
    insert into journal_entry (transaction_id, account_id, asset, amount)
    values (v_id, v_player_id, 'withdrawable', -v_trimmed), (v_id, v_to_id, 'withdrawable', v_trimmed);
  end if;

  update ledger_account set cash = cash - p_amount, withdrawable = withdrawable - v_trimmed
  where id = v_player_id;
  update ledger_account set cash = cash + p_amount, withdrawable = withdrawable + v_trimmed
  where id = v_to_id;

  return query select v_id, false;
end;
$$`;

/**
 * `ledger_credit`: cash into a member's account (a win), the `p_withdrawable` part free to withdraw,
 * `ledger_debit`'s counterpart. A win names its bets' journal transactions (`p_stakes`): when they spent
 * bonus cash, the withdrawable part is `floor(cash × real part of the stakes ÷ stakes)` (at most
 * `p_withdrawable`), read from their own entries, for a member who has had a bonus grant; a stake of
 * real money only, or a member who never had a grant, changes nothing. A credit that is not positive, a withdrawable part outside 0 to the cash,
 * or a credit from the player to itself raises WL002. The fact is of the credited cash.
 */
const ledgerCredit = `
create function ledger_credit(
  p_key text,
  p_hash text,
  p_kind text,
  p_member bigint,
  p_description text,
  p_from text,
  p_player text,
  p_cash bigint,
  p_withdrawable bigint,
  p_fact_kind text default null,
  p_fact_game integer default null,
  p_fact_ref text default null,
  p_stakes bigint[] default null
) returns table (transaction_id bigint, replayed boolean)
language plpgsql as $$
declare
  v_id bigint;
  v_existing_hash text;
  v_account record;
  v_player_id bigint;
  v_from_id bigint;
  v_withdrawable bigint := p_withdrawable;
  v_staked bigint;
  v_real bigint;
begin
  if p_cash is null or p_cash <= 0 or p_withdrawable is null or p_withdrawable < 0
    or p_withdrawable > p_cash or p_player = p_from then
    raise exception 'ledger: a credit of % (% withdrawable) from % to % does not balance',
      p_cash, p_withdrawable, p_from, p_player using errcode = 'WL002';
  end if;

  insert into journal_transaction (idempotency_key, payload_hash, kind, member_id, description)
  values (p_key, p_hash, p_kind, p_member, p_description)
  on conflict (idempotency_key) do nothing
  returning id into v_id;
  if v_id is null then
    select id, payload_hash into v_id, v_existing_hash
    from journal_transaction where idempotency_key = p_key;
    if v_existing_hash is distinct from p_hash then
      raise exception 'idempotency key % was used with another request', p_key using errcode = 'WL003';
    end if;
    return query select v_id, true;
    return;
  end if;

  for v_account in
    select id, code from ledger_account where code in (p_player, p_from) order by id for update
  loop
    if v_account.code = p_player then
      v_player_id := v_account.id;
    else
      v_from_id := v_account.id;
    end if;
  end loop;

  if v_player_id is null or v_from_id is null then
    raise exception 'ledger: no account % or %', p_player, p_from using errcode = 'WL404';
  end if;

  -- A win split in its stakes' real/bonus proportion (issue 14 §2): what the bets' own entries took from
  -- the member, cash and withdrawable. A stake of real money only leaves the credit as asked, and so does
  -- any win of a member who never had a bonus grant (one index probe): their non-withdrawable cash from
  -- before grants existed keeps today's rule. A member with a grant, even one forfeited while the bet was
  -- in play, is split.
  if p_stakes is not null and exists (select 1 from bonus_grant as g where g.member_id = p_member) then
    select coalesce(-sum(entry.amount) filter (where entry.asset = 'cash'), 0),
      coalesce(-sum(entry.amount) filter (where entry.asset = 'withdrawable'), 0)
    into v_staked, v_real
    from journal_entry as entry
    where entry.transaction_id = any(p_stakes) and entry.account_id = v_player_id;
    if v_staked > 0 and v_real < v_staked then
      v_withdrawable := least(p_withdrawable, floor(p_cash::numeric * greatest(v_real, 0) / v_staked)::bigint);
    end if;
  end if;

  -- After the locks, before the entries (see ledger_post); its own money is the withdrawable part credited.
  if p_fact_kind is not null then
    insert into money_fact (kind, member_id, amount, game_id, source_ref, transaction_id, own_money)
    values (p_fact_kind, p_member, p_cash, p_fact_game, p_fact_ref, v_id, v_withdrawable);
  end if;

  insert into journal_entry (transaction_id, account_id, asset, amount)
  values (v_id, v_player_id, 'cash', p_cash), (v_id, v_from_id, 'cash', -p_cash);
  if v_withdrawable > 0 then
    insert into journal_entry (transaction_id, account_id, asset, amount)
    values (v_id, v_player_id, 'withdrawable', v_withdrawable), (v_id, v_from_id, 'withdrawable', -v_withdrawable);
  end if;

  update ledger_account set cash = cash + p_cash, withdrawable = withdrawable + v_withdrawable
  where id = v_player_id;
  update ledger_account set cash = cash - p_cash, withdrawable = withdrawable - v_withdrawable
  where id = v_from_id;

  return query select v_id, false;
end;
$$`;

/**
 * `bonus_wagering`: a bet's or a rollback's effect on the member's active bonus grant (issue 14 §2),
 * called by the trigger on `money_fact` (migration 0046) for every fact of every game path, in the
 * money's own transaction, below its idempotency key (a replayed bet writes no fact, so counts nothing
 * twice). Without an active grant (nearly every member) it costs one probe of the partial index of
 * active grants. With one, the grant row is locked (after the member's account, which the ledger function
 * locked first): a bet above the grant's maximum stake raises WL005 (the wallet answers
 * BONUS_MAX_STAKE); a bet adds stake × the contribution of its game's source (percent, 100 when the terms
 * name none), capped at the wagering required; a rollback takes it back, never below 0.
 */
const bonusWagering = `
create function bonus_wagering(p_member bigint, p_kind text, p_amount bigint, p_game integer)
returns void
language plpgsql as $$
declare
  v_grant record;
  v_source text;
  v_delta bigint;
begin
  if p_kind not in ('bet', 'rollback') then
    return;
  end if;
  select id, max_stake, terms into v_grant from bonus_grant
  where member_id = p_member and status = 'active' for update;
  if not found then
    return;
  end if;
  if p_kind = 'bet' and v_grant.max_stake is not null and p_amount > v_grant.max_stake then
    raise exception 'a stake of % is above the bonus maximum stake of %', p_amount, v_grant.max_stake
      using errcode = 'WL005';
  end if;
  if p_game is not null then
    select source into v_source from game where id = p_game;
  end if;
  v_delta := p_amount * coalesce((v_grant.terms->'contribution'->>v_source)::integer, 100) / 100;
  if v_delta = 0 then
    return;
  end if;
  if p_kind = 'bet' then
    update bonus_grant set wagering_progress = least(wagering_required, wagering_progress + v_delta)
    where id = v_grant.id;
  else
    update bonus_grant set wagering_progress = greatest(0, wagering_progress - v_delta)
    where id = v_grant.id;
  end if;
end;
$$`;

/**
 * `bonus_activate_next`: the member's next pending grant (earliest expiry first) becomes active and its
 * bonus cash is credited from its budget (key `bonus:grant:<id>`, posted once: the status is the claim);
 * pending grants already past their expiry expire without money. The caller holds the member's account.
 * Returns the grant activated, or null.
 */
const bonusActivateNext = `
create function bonus_activate_next(p_member bigint) returns bigint
language plpgsql as $$
declare
  v_grant record;
begin
  update bonus_grant set status = 'expired', ended_at = now()
  where member_id = p_member and status = 'pending' and expires_at <= now();
  update bonus_grant set status = 'active', activated_at = now()
  where id = (
    select id from bonus_grant where member_id = p_member and status = 'pending'
    order by expires_at, id limit 1
  ) and status = 'pending'
  returning id, amount, budget_account, source into v_grant;
  if not found then
    return null;
  end if;
  perform ledger_post(
    'bonus:grant:' || v_grant.id, md5('bonus:grant:' || v_grant.id || ':' || v_grant.amount), 'bonus',
    p_member, v_grant.source,
    jsonb_build_array(
      jsonb_build_object('account', 'player:' || p_member, 'asset', 'cash', 'amount', v_grant.amount),
      jsonb_build_object('account', v_grant.budget_account, 'asset', 'cash', 'amount', -v_grant.amount)
    ),
    null
  );
  return v_grant.id;
end;
$$`;

/**
 * `bonus_convert`: a grant whose wagering is complete (run by the deferred trigger of migration 0047 at
 * the end of the transaction whose bet completed it, so after the bet's own entries). The claim is the
 * conditional UPDATE active → completed: exactly once, whatever bets complete it together. The member's
 * bonus cash (`cash − withdrawable`) becomes withdrawable up to the grant's maximum conversion, the rest
 * goes back to the grant's budget, in one journal transaction `bonus:convert:<grant>`; then the next
 * pending grant is activated. Locks: the accounts (id order), then the grant, as every bonus movement.
 */
const bonusConvert = `
create function bonus_convert(p_grant bigint) returns void
language plpgsql as $$
declare
  v_member bigint;
  v_budget text;
  v_grant record;
  v_cash bigint;
  v_withdrawable bigint;
  v_bonus bigint;
  v_converted bigint;
  v_postings jsonb := '[]'::jsonb;
begin
  select member_id, budget_account into v_member, v_budget from bonus_grant where id = p_grant;
  if not found then
    return;
  end if;
  perform 1 from ledger_account where code in ('player:' || v_member, v_budget) order by id for update;
  update bonus_grant set status = 'completed', ended_at = now()
  where id = p_grant and status = 'active' and wagering_progress >= wagering_required
  returning id, member_id, source, max_conversion into v_grant;
  if not found then
    return;
  end if;
  select cash, withdrawable into v_cash, v_withdrawable from ledger_account where code = 'player:' || v_member;
  v_bonus := greatest(0, v_cash - v_withdrawable);
  v_converted := least(v_bonus, v_grant.max_conversion);
  update bonus_grant set converted = v_converted where id = p_grant;
  if v_converted > 0 then
    v_postings := v_postings || jsonb_build_array(
      jsonb_build_object('account', 'player:' || v_member, 'asset', 'withdrawable', 'amount', v_converted),
      jsonb_build_object('account', v_budget, 'asset', 'withdrawable', 'amount', -v_converted)
    );
  end if;
  if v_bonus > v_converted then
    v_postings := v_postings || jsonb_build_array(
      jsonb_build_object('account', 'player:' || v_member, 'asset', 'cash', 'amount', -(v_bonus - v_converted)),
      jsonb_build_object('account', v_budget, 'asset', 'cash', 'amount', v_bonus - v_converted)
    );
  end if;
  if jsonb_array_length(v_postings) > 0 then
    perform ledger_post(
      'bonus:convert:' || p_grant, md5('bonus:convert:' || p_grant || ':' || v_postings::text), 'bonus',
      v_member, v_grant.source, v_postings, null
    );
  end if;
  perform bonus_activate_next(v_member);
end;
$$`;

/** The wallet's database functions, installed by db/routines.ts. */
export const LEDGER_ROUTINES: Routine[] = [
  { name: 'ledger_post', definition: ledgerPost },
  { name: 'ledger_debit', definition: ledgerDebit },
  { name: 'ledger_credit', definition: ledgerCredit },
  { name: 'bonus_wagering', definition: bonusWagering },
  { name: 'bonus_activate_next', definition: bonusActivateNext },
  { name: 'bonus_convert', definition: bonusConvert },
];
