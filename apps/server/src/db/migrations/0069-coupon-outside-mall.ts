import { sql, type Kysely } from 'kysely';

/**
 * A mall coupon used outside the mall (issue 16 §2: lucky refund's `buy {couponId}`, docs/promotions.md
 * "Lucky refund"). `used_for` names the purchase that used it (`lucky-refund:<purchase>`), as `order_id`
 * names a mall order; a used coupon names exactly one of them, and a purchase uses a coupon at most once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table mall_member_coupon add column used_for text unique`.execute(db);
  // The check "used exactly when it names an order" of migration 0058 was unnamed: found by its text.
  await sql`
    do $$
    declare name text;
    begin
      select conname into name from pg_constraint
        where conrelid = 'mall_member_coupon'::regclass and contype = 'c'
          and pg_get_constraintdef(oid) like '%order_id IS NOT NULL%';
      execute format('alter table mall_member_coupon drop constraint %I', name);
    end $$`.execute(db);
  await sql`
    alter table mall_member_coupon add constraint mall_member_coupon_used_by_one check (
      (status = 'used') = (order_id is not null or used_for is not null)
      and not (order_id is not null and used_for is not null)
    )`.execute(db);
}
