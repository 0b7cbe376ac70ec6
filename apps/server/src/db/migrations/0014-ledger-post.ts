import { sql, type Kysely } from 'kysely';

/**
 * `ledger_post`: one journal transaction in one statement, so a transfer costs one round trip to the
 * database instead of seven (begin, header, lock, an update per account, entries, commit). The rules are
 * those of the wallet service's general path (wallet.service.ts), in the same order:
 *
 * 1. The header is inserted first; its unique idempotency key makes a replay return the first transaction,
 *    and the same key with another payload raise WL003 (the service answers IDEMPOTENCY_CONFLICT).
 * 2. The accounts are locked in id order (the fixed lock order that prevents deadlocks).
 * 3. A member debit (`p_debit`: cash out of a player to another account) is built from the locked balance:
 *    too little cash raises WL001; the withdrawable part shrinks only as far as the cash left requires.
 * 4. Entries must be non-zero and sum to zero per asset (WL002 otherwise: a bug, never a player's fault).
 * 5. One UPDATE applies the deltas; the CHECK on ledger_account refuses any overdraft (23514).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function ledger_post(
      p_key text,
      p_hash text,
      p_kind text,
      p_member bigint,
      p_description text,
      p_postings jsonb,
      p_debit jsonb
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
        -- A member without an account has no cash.
        if not found or v_cash < v_amount then
          raise exception 'insufficient balance' using errcode = 'WL001';
        end if;
        v_trimmed := greatest(0, v_withdrawable - (v_cash - v_amount));
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
          coalesce(sum((posting->>'amount')::bigint) filter (where posting->>'asset' = 'diamonds'), 0) as diamonds
        from jsonb_array_elements(v_postings) as posting
        group by 1 order by 1
      loop
        update ledger_account set
          cash = cash + v_delta.cash,
          withdrawable = withdrawable + v_delta.withdrawable,
          coins = coins + v_delta.coins,
          diamonds = diamonds + v_delta.diamonds
        where id = v_delta.account_id;
      end loop;

      return query select v_id, false;
    end;
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function ledger_post(text, text, text, bigint, text, jsonb, jsonb)`.execute(db);
}
