import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { ExcludedIdentityKind } from './exclusion.tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type IdentityRow = { kind: ExcludedIdentityKind; value: string };

/** A self-exclusion from now: for `months` (calendar months, the database's clock), or for good (null). */
export async function insertExclusion(
  trx: Transaction<Database>,
  exclusion: { memberId: number; months: number | null; identities: readonly IdentityRow[] },
): Promise<Date | null> {
  const { months } = exclusion;
  const row = await trx
    .insertInto('self_exclusion')
    .values({
      member_id: exclusion.memberId,
      months,
      ends_at: months === null ? null : sql<Date>`now() + make_interval(months => ${months})`,
    })
    .returning(['id', 'ends_at'])
    .executeTakeFirstOrThrow();
  if (exclusion.identities.length > 0) {
    await trx
      .insertInto('self_exclusion_identity')
      .values(exclusion.identities.map(({ kind, value }) => ({ exclusion_id: row.id, kind, value })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
  return row.ends_at;
}

const inForce = sql<boolean>`(e.ends_at is null or e.ends_at > now())`;

/** The ends of the exclusions in force that cover one of `identities` (index on kind and value first). */
export async function findEndsCovering(db: Db, identities: readonly IdentityRow[]): Promise<(Date | null)[]> {
  if (identities.length === 0) return [];
  const rows = await db
    .selectFrom('self_exclusion_identity as i')
    .innerJoin('self_exclusion as e', 'e.id', 'i.exclusion_id')
    .select('e.ends_at')
    .where((eb) =>
      eb.or(
        identities.map(({ kind, value }) => eb.and([eb('i.kind', '=', kind), eb('i.value', '=', value)])),
      ),
    )
    .where(inForce)
    .execute();
  return rows.map((row) => row.ends_at);
}

/** The ends of a member's own exclusions in force. */
export async function findEndsOfMember(db: Db, memberId: number): Promise<(Date | null)[]> {
  const rows = await db
    .selectFrom('self_exclusion as e')
    .select('e.ends_at')
    .where('e.member_id', '=', memberId)
    .where(inForce)
    .execute();
  return rows.map((row) => row.ends_at);
}

/** The back office's register (issue 26 §4): self-exclusions, newest first, with what each covers. */
export async function findRegister(
  db: Db,
  filter: { inForce: boolean; memberId?: number; identity?: IdentityRow['value']; limit: number },
) {
  const rows = await db
    .selectFrom('self_exclusion as e')
    .select([
      'e.id',
      'e.member_id',
      'e.months',
      'e.starts_at',
      'e.ends_at',
      sql<boolean>`${inForce}`.as('in_force'),
    ])
    .$if(filter.inForce, (query) => query.where(inForce))
    .$if(filter.memberId !== undefined, (query) => query.where('e.member_id', '=', filter.memberId!))
    .$if(filter.identity !== undefined, (query) =>
      query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('self_exclusion_identity as i')
            .select('i.exclusion_id')
            .whereRef('i.exclusion_id', '=', 'e.id')
            .where('i.value', '=', filter.identity!),
        ),
      ),
    )
    .orderBy('e.starts_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(filter.limit)
    .execute();
  const identities =
    rows.length === 0
      ? []
      : await db
          .selectFrom('self_exclusion_identity')
          .select(['exclusion_id', 'kind', 'value'])
          .where(
            'exclusion_id',
            'in',
            rows.map((row) => row.id),
          )
          .orderBy('kind')
          .orderBy('value')
          .execute();
  return rows.map((row) => ({
    ...row,
    identities: identities
      .filter((identity) => Number(identity.exclusion_id) === Number(row.id))
      .map(({ kind, value }) => ({ kind, value })),
  }));
}
