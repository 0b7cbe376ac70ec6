import { sql, type Kysely } from 'kysely';

/**
 * `ledger_credit`: cash into a member's account (a win), the `withdrawable` part of it free to withdraw,
 * in one statement without `ledger_post`'s JSON: `ledger_debit`'s counterpart (migration 0019), so that a
 * game's win costs what its bet costs. The rules are `ledger_post`'s for such a transfer, in the same order
 * and with the same SQLSTATEs (migration 0014):
 *
 * 1. The header first; its unique idempotency key makes a replay return the first transaction, and the same
 *    key with another payload raise WL003.
 * 2. Both accounts locked in id order.
 * 3. An account that does not exist raises WL404; a credit that is not positive, a withdrawable part
 *    outside 0 to the cash, or a credit from the player to itself, WL002 (a bug, never a player's fault).
 * 4. The entries, then one UPDATE per account; the CHECK on ledger_account still refuses any overdraft of
 *    the paying account (a house shard may go below zero: it is an overdraft account).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function ledger_credit(
      p_key text,
      p_hash text,
      p_kind text,
      p_member bigint,
      p_description text,
      p_from text,
      p_player text,
      p_cash bigint,
      p_withdrawable bigint
    ) returns table (transaction_id bigint, replayed boolean)
    language plpgsql as $$
    declare
      v_id bigint;
      v_existing_hash text;
      v_account record;
      v_player_id bigint;
      v_from_id bigint;
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

      insert into journal_entry (transaction_id, account_id, asset, amount)
      values (v_id, v_player_id, 'cash', p_cash), (v_id, v_from_id, 'cash', -p_cash);
      if p_withdrawable > 0 then
        insert into journal_entry (transaction_id, account_id, asset, amount)
        values (v_id, v_player_id, 'withdrawable', p_withdrawable), (v_id, v_from_id, 'withdrawable', -p_withdrawable);
      end if;

      update ledger_account set cash = cash + p_cash, withdrawable = withdrawable + p_withdrawable
      where id = v_player_id;
      update ledger_account set cash = cash - p_cash, withdrawable = withdrawable - p_withdrawable
      where id = v_from_id;

      return query select v_id, false;
    end;
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function ledger_credit(text, text, text, bigint, text, text, text, bigint, bigint)`.execute(
    db,
  );
}
