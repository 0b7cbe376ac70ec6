import { sql, type Kysely } from 'kysely';

/**
 * `ledger_debit`: a member debit (a bet, a fee) in one statement without `ledger_post`'s JSON: the bet is
 * the ledger's most frequent transfer, and building, grouping and checking its two or four entries as
 * jsonb was most of the function's own time. The rules are `ledger_post`'s for a debit, in the same order
 * and with the same SQLSTATEs (migration 0014):
 *
 * 1. The header first; its unique idempotency key makes a replay return the first transaction, and the same
 *    key with another payload raise WL003.
 * 2. Both accounts locked in id order.
 * 3. Too little cash (or no player account) raises WL001; the withdrawable part shrinks only as far as the
 *    cash left requires, and that part moves to the receiving account with the cash.
 * 4. A receiving account that does not exist raises WL404; a debit that is not positive, or to the payer
 *    itself, WL002 (a bug, never a player's fault).
 * 5. The entries, then one UPDATE per account; the CHECK on ledger_account still refuses any overdraft.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function ledger_debit(
      p_key text,
      p_hash text,
      p_kind text,
      p_member bigint,
      p_description text,
      p_player text,
      p_to text,
      p_amount bigint
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

      -- A member without an account has no cash.
      if v_player_id is null or v_cash < p_amount then
        raise exception 'insufficient balance' using errcode = 'WL001';
      end if;
      if v_to_id is null then
        raise exception 'ledger: no account %', p_to using errcode = 'WL404';
      end if;
      v_trimmed := greatest(0, v_withdrawable - (v_cash - p_amount));

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
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function ledger_debit(text, text, text, bigint, text, text, text, bigint)`.execute(db);
}
