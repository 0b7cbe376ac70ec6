import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { parseInt8 } from './int8.ts';
import { prepared } from './prepared-statements.ts';
import { migrateToLatest } from './migrate.ts';
import { seedDemo } from './seed/demo-seed.ts';
import { BRANDS } from '@app/contracts/brand';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
  await migrateToLatest(database.db);
});
afterAll(async () => database?.close());

describe('migrations', () => {
  it('apply once and are then up to date', async () => {
    expect(await migrateToLatest(database.db)).toEqual([]);
  });
});

describe('demo seed', () => {
  it('is idempotent and never overwrites what the operator changed', async () => {
    await seedDemo(database.db, BRANDS.winslots);
    const count = async () => (await database.db.selectFrom('advert').select('id').execute()).length;
    const before = await count();
    await database.db
      .updateTable('content_page')
      .set({ title: 'Our story' })
      .where('type', '=', 'about-us')
      .execute();

    await seedDemo(database.db, BRANDS.winslots);
    expect(await count()).toBe(before);
    const page = await database.db
      .selectFrom('content_page')
      .select('title')
      .where('type', '=', 'about-us')
      .executeTakeFirstOrThrow();
    expect(page.title).toBe('Our story');
  });
});

describe('int8 columns', () => {
  it('arrive as exact numbers on both engines', async () => {
    const row = await sql<{ big: number }>`select 9007199254740991::int8 as big`.execute(database.db);
    expect(row.rows[0]?.big).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuse values JS numbers cannot hold exactly', () => {
    expect(() => parseInt8('9007199254740993')).toThrow(RangeError);
    expect(parseInt8(123n)).toBe(123);
  });
});

describe('transactions', () => {
  it('do not interleave when run concurrently', async () => {
    await sql`create table counter (id int primary key, value int not null)`.execute(database.db);
    await sql`insert into counter values (1, 0)`.execute(database.db);
    // Read-then-write inside transactions with a row lock: correct only if each transaction is isolated.
    await Promise.all(
      Array.from({ length: 20 }, () =>
        database.db.transaction().execute(async (trx) => {
          const { rows } = await sql<{
            value: number;
          }>`select value from counter where id = 1 for update`.execute(trx);
          await sql`update counter set value = ${(rows[0]?.value ?? 0) + 1} where id = 1`.execute(trx);
        }),
      ),
    );
    const { rows } = await sql<{ value: number }>`select value from counter where id = 1`.execute(
      database.db,
    );
    expect(rows[0]?.value).toBe(20);
  });

  it('roll back on error', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await sql`update counter set value = 999 where id = 1`.execute(trx);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const { rows } = await sql<{ value: number }>`select value from counter where id = 1`.execute(
      database.db,
    );
    expect(rows[0]?.value).toBe(20);
  });
});

// PGlite has no other sessions to end, nor a pool of connections, so these cases exist only on PostgreSQL
// (CI's second run).
if (process.env.DATABASE_URL) {
  describe('a PostgreSQL connection ended by the server', () => {
    it('is replaced, and the process keeps running', async () => {
      // Hold two connections so the pool keeps an idle one, then end every other session on this
      // database, as an administrator or a failover would. An unhandled pool error would fail the run.
      await Promise.all([
        sql`select pg_sleep(0.05)`.execute(database.db),
        sql`select pg_sleep(0.05)`.execute(database.db),
      ]);
      await database.db.connection().execute(async (connection) => {
        await sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`.execute(connection);
      });
      await vi.waitFor(
        async () => {
          const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
          expect(rows[0]?.one).toBe(1);
        },
        { timeout: 10_000, interval: 50 },
      );
    });
  });

  describe("a server's pool (warm)", () => {
    it('opens all its connections before it is used, so a peak does not wait for them', async () => {
      const url = new URL(database.url ?? '');
      url.searchParams.set('application_name', 'warm-pool-test');
      const warm = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 3, warm: true });
      try {
        const { rows } = await sql<{ open: number }>`select count(*)::integer as open from pg_stat_activity
          where datname = current_database() and application_name = 'warm-pool-test'`.execute(database.db);
        expect(rows[0]?.open).toBe(3);
      } finally {
        await warm.close();
      }
    });
  });

  describe('a statement marked prepared', () => {
    it('is parsed once per connection and runs by its name after, with its own values each time', async () => {
      const single = await openDatabase({ engine: 'postgres', url: database.url ?? '', poolSize: 1 });
      try {
        const doubled = async (value: number) => {
          const { rows } = await single.db.executeQuery(
            prepared(sql<{ doubled: number }>`select ${value}::integer * 2 as doubled`.compile(single.db)),
          );
          return rows[0]?.doubled;
        };
        expect([await doubled(1), await doubled(21)]).toEqual([2, 42]);
        // One connection: the session that ran both holds the statement once, under its name.
        const { rows } = await sql<{ name: string; statement: string }>`
          select name, statement from pg_prepared_statements`.execute(single.db);
        expect(rows).toEqual([
          { name: expect.stringMatching(/^prepared_/), statement: 'select $1::integer * 2 as doubled' },
        ]);
        // An unmarked statement is sent unnamed, as before.
        await sql`select ${3}::integer as three`.execute(single.db);
        const after = await sql<{ count: number }>`
          select count(*)::integer as count from pg_prepared_statements`.execute(single.db);
        expect(after.rows[0]?.count).toBe(1);
      } finally {
        await single.close();
      }
    });
  });
}
