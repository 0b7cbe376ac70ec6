// What the back office's search and player view read, seeded set-based beside the ledger of bench/admin.mjs
// (run after insertSeedLedger, from the tables it filled): every number derives from a row's own id, so a
// search the bench asks has a known answer.
// - members: a nickname (one of NAMES and the member's number) and, for three in five, a verified KYC form
//   with a first name, surname and ID number (`2` and seven digits of the member's id);
// - each deposit fact becomes a paid deposit order (number `D…`, M-Pesa receipt `R…`), each withdrawal fact a
//   paid withdrawal (number `W…`, receipt `S…`), each bet a settled game round of its game;
// - login sessions (two a member), bonus grants (one every fifth member) and audit entries about players
//   (two a member); the heaviest member (HEAVY_MEMBER, whose bets the bench multiplies) gets hundreds of each.

/** The member the bench makes heavy: its sessions, grants and audit entries number in the hundreds. */
export const HEAVY_MEMBER = 1;

/** First names and nicknames the members carry (lower-cased prefixes of them are the name searches). */
export const NAMES = [
  'Wanjiku',
  'Otieno',
  'Akinyi',
  'Kamau',
  'Njeri',
  'Mwangi',
  'Achieng',
  'Kiprono',
  'Chebet',
  'Omondi',
  'Wambui',
  'Mutua',
  'Nyambura',
  'Kiplagat',
  'Atieno',
  'Njoroge',
];
/** Surnames of the KYC forms. */
export const SURNAMES = [
  'Odhiambo',
  'Kariuki',
  'Wafula',
  'Cheruiyot',
  'Muthoni',
  'Onyango',
  'Koech',
  'Barasa',
];

/** The search strings a member, deposit or withdrawal is found by (the bench's queries). */
export const searchKeys = {
  nickName: (memberId) => `${NAMES[memberId % NAMES.length]}${memberId}`,
  idNumber: (memberId) => `2${String(memberId).padStart(7, '0')}`,
  depositNumber: (orderId) => `D${orderId.toString(16).toUpperCase().padStart(10, '0')}`,
  depositReceipt: (orderId) => `R${orderId.toString(16).toUpperCase().padStart(9, '0')}`,
  withdrawalNumber: (withdrawalId) => `W${withdrawalId.toString(16).toUpperCase().padStart(12, '0')}`,
  withdrawalReceipt: (withdrawalId) => `S${withdrawalId.toString(16).toUpperCase().padStart(9, '0')}`,
};

const textArray = (values) => `{${values.join(',')}}`;

/** Seeds the back office's tables for `members` members (ids 1…members) from the ledger already seeded. */
export async function insertBackOfficeSeed(db, sql, { members }) {
  const names = textArray(NAMES);
  const surnames = textArray(SURNAMES);
  await sql`
    update member set nick_name = (${names}::text[])[1 + id % ${NAMES.length}] || id`.execute(db);
  await sql`
    insert into member_kyc (member_id, status, fields, submitted_at, reviewed_at, identity_key)
    select id, 'verified',
      jsonb_build_object('firstName', (${names}::text[])[1 + id % ${NAMES.length}],
        'surname', (${surnames}::text[])[1 + (id / ${NAMES.length}) % ${SURNAMES.length}],
        'ID_NUMBER', '2' || lpad(id::text, 7, '0')),
      created_at + interval '1 hour', created_at + interval '2 hours', 'KE:NATIONAL_ID:2' || lpad(id::text, 7, '0')
    from member where id % 5 < 3`.execute(db);

  // The payment channels the orders name (the migrations create none).
  await sql`
    insert into pay_channel (direction, channel_code, name, provider, hall)
    values ('deposit', 'MPESA', 'M-Pesa', 'mpesa', 'mpesa'), ('withdraw', 'MPESA', 'M-Pesa', 'mpesa', null)
    on conflict (direction, channel_code) do nothing`.execute(db);
  await sql`
    insert into deposit_order (id, trans_no, member_id, channel_id, pay_money, msisdn, state, receipt, result_code,
      journal_transaction_id, paid_money, created_at, updated_at)
    select f.transaction_id, 'D' || lpad(upper(to_hex(f.transaction_id)), 10, '0'), f.member_id,
      (select id from pay_channel where direction = 'deposit' and channel_code = 'MPESA'), f.amount,
      '254' || substr(m.mobile, 2), 3, 'R' || lpad(upper(to_hex(f.transaction_id)), 9, '0'), 0,
      f.transaction_id, f.amount, f.created_at, f.created_at
    from money_fact f join member m on m.id = f.member_id where f.kind = 'deposit'`.execute(db);
  await sql`select setval('deposit_order_id_seq', (select coalesce(max(id), 1) from deposit_order))`.execute(
    db,
  );
  // A withdrawal's tax is what the ledger's third leg took (a twentieth); no fee.
  await sql`
    insert into withdrawal (id, withdraw_no, member_id, channel_id, money, fee, tax, payout, msisdn, state,
      conversation_id, receipt, result_code, reserve_transaction_id, created_at, updated_at)
    select f.transaction_id, 'W' || lpad(upper(to_hex(f.transaction_id)), 12, '0'), f.member_id,
      (select id from pay_channel where direction = 'withdraw' and channel_code = 'MPESA'),
      f.amount + f.amount / 20, 0, f.amount / 20, f.amount, '254' || substr(m.mobile, 2), 'paid',
      'AG_' || f.transaction_id, 'S' || lpad(upper(to_hex(f.transaction_id)), 9, '0'), '0', f.transaction_id,
      f.created_at, f.created_at
    from money_fact f join member m on m.id = f.member_id where f.kind = 'withdrawal'`.execute(db);
  await sql`select setval('withdrawal_id_seq', (select coalesce(max(id), 1) from withdrawal))`.execute(db);

  // The games the facts name (1…8), then a settled round for each bet, its payout the win that followed.
  await sql`
    insert into game (id, code, name, supplier_id, source, provider, min_stake, max_stake, rtp)
    select g, 'bench-' || g, 'Game ' || g, 'winslots', case when g % 2 = 1 then 'provider' else 'inhouse' end,
      case when g % 2 = 1 then 'hub88' end, 100, 10000000, 9600
    from generate_series(1, 8) g
    on conflict do nothing`.execute(db);
  await sql`select setval('game_id_seq', (select max(id) from game))`.execute(db);
  await sql`
    insert into game_round (game_id, member_id, mode, stake, payout, multiplier, state, bet_transaction_id,
      created_at, settled_at)
    select game_id, member_id, 'launch', amount, 0, 0, 'settled', transaction_id, created_at, created_at
    from money_fact where kind = 'bet' order by transaction_id`.execute(db);

  // Sessions: two a member (the older ended), and the heavy member's hundreds from several devices.
  await sql`
    insert into member_session (member_id, token_hash, device_id, ip, created_at, last_seen_at, expires_at,
      ended_at, end_reason)
    select member_id, 'bench-session-' || k, 'device-' || (member_id * 3 + k % 3), '10.' || (k % 250) || '.'
      || (k / 250 % 250) || '.' || (k % 7), at, at + interval '1 hour', at + interval '30 days',
      case when k % 2 = 0 then at + interval '2 hours' end, case when k % 2 = 0 then 'logout' end
    from (
      select k, case when k <= ${2 * members} then 1 + (k - 1) % ${members} else ${HEAVY_MEMBER} end as member_id,
        now() - (k % 90) * interval '1 day' as at
      from generate_series(1, ${2 * members + 600}) k
    ) s`.execute(db);

  // Bonus grants: a completed welcome bonus every fifth member, and the heavy member's 150 deposit bonuses.
  const terms = JSON.stringify({ wageringMultiple: 10, contribution: { slot: 100, crash: 50 } });
  await sql`
    insert into bonus_grant (member_id, source, source_ref, budget_account, amount, wagering_required,
      wagering_progress, max_conversion, terms, status, converted, expires_at, created_at, activated_at, ended_at)
    select member_id, source, 'bench-' || k, 'promo:bench-0:budget', 10000, 100000, 100000, 50000,
      ${terms}::jsonb, 'completed', 10000, at + interval '7 days', at, at, at + interval '3 days'
    from (
      select k, case when k <= ${Math.floor(members / 5)} then k * 5 else ${HEAVY_MEMBER} end as member_id,
        case when k <= ${Math.floor(members / 5)} then 'welcome-bonus' else 'first-deposit-bonus' end as source,
        now() - (k % 90) * interval '1 day' as at
      from generate_series(1, ${Math.floor(members / 5) + 150}) k
    ) g`.execute(db);

  // Audit entries about players: two views a member by a bench staff login, the heavy member's 500, chained
  // by placeholders (the bench never verifies the chain) and the head moved past them, so the appends of the
  // measured reads follow.
  const { rows } = await sql`select last_id from audit_head where id = 1`.execute(db);
  const first = Number(rows[0].last_id);
  const last = first + 2 * members + 500;
  await sql`
    insert into audit_log (id, at, staff_id, staff_login, action, target, after, prev_hash, hash)
    select id, now() - interval '90 days' + k * interval '1 second', null, 'bench-seed', 'player.view',
      'member:' || case when k <= ${2 * members} then 1 + (k - 1) % ${members} else ${HEAVY_MEMBER} end,
      '{"panel":"ledger","page":1}'::jsonb, 'bench' || lpad(to_hex(id - 1), 59, '0'), 'bench' || lpad(to_hex(id), 59, '0')
    from (select k, ${first}::bigint + k as id from generate_series(1, ${2 * members + 500}) k) entries`.execute(
    db,
  );
  await sql`
    update audit_head set last_id = ${last}, last_hash = 'bench' || lpad(to_hex(${last}::bigint), 59, '0')
    where id = 1`.execute(db);
}
