// The ledger of a benchmark, seeded set-based from a temporary table `seed` (n, id, kind, member_id, game_id,
// amount, created_at) the bench fills with generate_series: one journal transaction per row, its entries (the
// player's leg, the other side's, and a deposit's excise or a paid withdrawal's tax as a third leg to its tax
// account) and its money fact. Kinds: bet, win, rollback, deposit, withdrawal, and payout (a programme's reward
// from `promo:bench-<n % 2>:budget`, which the bench opens; no money fact, as the ledger writes none for it).
// bench/export.mjs and bench/admin.mjs share it.

/** Fills the journal and the money facts from `seed`, then drops it. */
export async function insertSeedLedger(db, sql) {
  await sql`
    insert into journal_transaction (id, idempotency_key, payload_hash, kind, member_id, created_at)
    select id, 'bench:' || id, 'x', case kind when 'withdrawal' then 'withdraw' when 'rollback' then 'refund'
      when 'payout' then 'bonus' else kind end, member_id, created_at from seed`.execute(db);
  await sql`
    insert into journal_entry (transaction_id, account_id, asset, amount)
    select s.id, p.id, 'cash', case when s.kind in ('bet', 'withdrawal') then -s.amount else s.amount end
    from seed s join ledger_account p on p.code = 'player:' || s.member_id
    union all
    select s.id, h.id, 'cash', case when s.kind in ('bet', 'withdrawal') then s.amount else -s.amount end
    from seed s join ledger_account h on h.code = case s.kind when 'deposit' then 'clearing:mpesa'
      when 'withdrawal' then 'clearing:withdraw-hold' when 'payout' then 'promo:bench-' || (s.n % 2) || ':budget'
      else 'house:' || (s.member_id % 256) end
    union all
    select s.id, t.id, 'cash', s.amount / 20
    from seed s join ledger_account t on t.code = case s.kind when 'deposit' then 'tax:deposit-excise'
      else 'tax:withdrawal' end
    where s.kind in ('deposit', 'withdrawal')`.execute(db);
  await sql`
    insert into money_fact (transaction_id, kind, member_id, amount, own_money, game_id, source_ref, created_at)
    select id, kind, member_id, amount, case when n % 10 = 0 then amount / 2 else amount end,
      case when kind in ('bet', 'win', 'rollback') then game_id end, 'bench:' || id, created_at
    from seed where kind <> 'payout'`.execute(db);
  await sql`drop table seed`.execute(db);
}

/** Opens the two programme budgets the `payout` rows are paid from. */
export async function openBenchBudgets(db, sql) {
  await sql`
    insert into ledger_account (code, kind, overdraft)
    values ('promo:bench-0:budget', 'promotion', true), ('promo:bench-1:budget', 'promotion', true)`.execute(
    db,
  );
}
