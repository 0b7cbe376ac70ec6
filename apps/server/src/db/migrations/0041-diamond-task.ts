import { sql, type Kysely } from 'kysely';

/**
 * Diamond tasks (issue 14 §4, docs/promotions.md "Diamonds"). `diamond_task_progress`: what each member
 * staked (net of rolled-back stakes) and deposited in one site day, counted from the money facts by the
 * consumer `diamond-task-progress` in the transaction that moves its cursor. `diamond_task_claim`: one row per
 * member, site day and task collected; its primary key makes a collect exactly once, and it is inserted in
 * the transaction that pays the bonus (`payReward`), with a copy of the task's terms as granted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table diamond_task_progress (
      member_id bigint not null,
      day text not null,
      staked bigint not null default 0,
      deposited bigint not null default 0,
      primary key (member_id, day)
    )`.execute(db);
  await sql`
    create table diamond_task_claim (
      member_id bigint not null,
      day text not null,
      task_id integer not null,
      type smallint not null,
      target bigint not null,
      bonus bigint not null,
      transaction_id bigint not null,
      created_at timestamptz not null default now(),
      primary key (member_id, day, task_id)
    )`.execute(db);
  await sql`create index diamond_task_claim_member on diamond_task_claim (member_id, created_at desc)`.execute(
    db,
  );
}
