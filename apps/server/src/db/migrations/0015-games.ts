import { sql, type Kysely } from 'kysely';

/**
 * The game centre (issue 5): the catalogue, game sessions, provably fair seed pairs, rounds of in-house
 * games, the shared crash rounds, and the transactions a third-party provider (Hub88's operator wallet
 * API) sends. As with payments, these rows are the state of a game; the money itself only ever moves in
 * the ledger, and each row keeps the ids of the journal transactions it caused. docs/games.md explains
 * the model.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('game')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    // 'dice', 'slot', … for in-house games; the provider's game_code for provider games.
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    // Who makes the game ('winslots' for ours); app-store builds hide DISALLOWED_SUPPLIERS.
    .addColumn('supplier_id', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull().check(sql`source in ('inhouse', 'provider')`))
    // The wallet API the provider calls ('hub88'); null for in-house games.
    .addColumn('provider', 'text')
    .addColumn('cover', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('large_cover', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('has_demo', 'boolean', (col) => col.notNull().defaultTo(true))
    // Bit flags: 1 new, 2 hot, 4 bonus (spec promotions-and-games §3).
    .addColumn('label', 'integer', (col) => col.notNull().defaultTo(0))
    // Stakes per round, minor units.
    .addColumn('min_stake', 'bigint', (col) => col.notNull().check(sql`min_stake > 0`))
    .addColumn('max_stake', 'bigint', (col) => col.notNull())
    // Return to player in hundredths of a percent (9600 = 96.00 %), as designed and proven.
    .addColumn('rtp', 'integer', (col) => col.notNull())
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('translations', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addCheckConstraint('game_stakes', sql`max_stake >= min_stake`)
    .addCheckConstraint('game_provider', sql`(source = 'provider') = (provider is not null)`)
    .execute();

  await db.schema
    .createTable('game_category')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('cover', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('translations', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();

  await db.schema
    .createTable('game_category_game')
    .addColumn('category_id', 'integer', (col) =>
      col.notNull().references('game_category.id').onDelete('cascade'),
    )
    .addColumn('game_id', 'integer', (col) => col.notNull().references('game.id').onDelete('cascade'))
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    // Sticky games stay first in their category (the spec's stickyGames).
    .addColumn('sticky', 'boolean', (col) => col.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('game_category_game_pk', ['category_id', 'game_id'])
    .execute();

  // A game opened in the frame. Its token (stored hashed) is what the game page, or a provider's wallet
  // calls, carry; active sessions are the online-user counts.
  await db.schema
    .createTable('game_session')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    // Null for a visitor's demo.
    .addColumn('member_id', 'bigint', (col) => col.references('member.id'))
    // The login session that launched it: one device at a time, so a later login elsewhere ends its bets.
    .addColumn('member_session_id', 'bigint', (col) => col.references('member_session.id'))
    .addColumn('game_id', 'integer', (col) => col.notNull().references('game.id'))
    .addColumn('mode', 'text', (col) => col.notNull().check(sql`mode in ('launch', 'demo')`))
    .addColumn('currency', 'text', (col) => col.notNull())
    // Play money of a demo session, minor units. Never real money: it is not in the ledger, cannot be
    // withdrawn, and dies with the session.
    .addColumn('demo_balance', 'bigint', (col) => col.check(sql`demo_balance >= 0`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('closed_at', 'timestamptz')
    .addCheckConstraint(
      'game_session_mode',
      sql`(mode = 'launch' and member_id is not null and demo_balance is null) or (mode = 'demo' and demo_balance is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('game_session_online_idx')
    .on('game_session')
    .columns(['game_id', 'last_seen_at'])
    .execute();
  await db.schema.createIndex('game_session_member_idx').on('game_session').column('member_id').execute();

  // Provably fair seed pairs (reference §5): the server seed stays secret until rotated; its SHA-256 is
  // shown before play. One active pair per member (real play) or per demo session.
  await db.schema
    .createTable('fair_seed_pair')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('member_id', 'bigint', (col) => col.references('member.id'))
    .addColumn('session_id', 'bigint', (col) => col.references('game_session.id'))
    .addColumn('server_seed', 'text', (col) => col.notNull())
    .addColumn('server_seed_hash', 'text', (col) => col.notNull())
    .addColumn('client_seed', 'text', (col) => col.notNull())
    // The nonce the next bet takes.
    .addColumn('next_nonce', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`next_nonce >= 0`),
    )
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('revealed_at', 'timestamptz')
    .addCheckConstraint('fair_seed_pair_owner', sql`(member_id is null) <> (session_id is null)`)
    .addCheckConstraint('fair_seed_pair_revealed', sql`active = (revealed_at is null)`)
    .execute();
  await sql`create unique index fair_seed_pair_member_active on fair_seed_pair (member_id) where active and member_id is not null`.execute(
    db,
  );
  await sql`create unique index fair_seed_pair_session_active on fair_seed_pair (session_id) where active and session_id is not null`.execute(
    db,
  );

  // The crash game's shared rounds. Crash points come from a hash chain committed in advance (its last
  // hash is published before the first round), so no round can be chosen after the bets are in.
  await db.schema
    .createTable('crash_chain')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    // The chain's secret start; every game hash is derived from it. Never leaves the server.
    .addColumn('seed', 'text', (col) => col.notNull())
    .addColumn('length', 'integer', (col) => col.notNull().check(sql`length > 0`))
    // The hash that follows the last game's, published as the commitment.
    .addColumn('commitment', 'text', (col) => col.notNull())
    .addColumn('salt', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('crash_round')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('chain_id', 'integer', (col) => col.notNull().references('crash_chain.id'))
    // The game number n in its chain, 1 … length (1 is played first): its hash is createCrashChain(seed,
    // length).hashOf(n) (packages/fair), so the chain is played from its end back to the seed.
    .addColumn('chain_index', 'integer', (col) => col.notNull())
    .addColumn('game_hash', 'text', (col) => col.notNull())
    // Hundredths: 100 is 1.00×.
    .addColumn('crash_point', 'integer', (col) => col.notNull().check(sql`crash_point >= 100`))
    .addColumn('state', 'text', (col) =>
      col.notNull().check(sql`state in ('betting', 'running', 'crashed', 'cancelled')`),
    )
    .addColumn('betting_ends_at', 'timestamptz', (col) => col.notNull())
    .addColumn('started_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .addUniqueConstraint('crash_round_chain_index', ['chain_id', 'chain_index'])
    .execute();
  // The round a restart left taking bets or running (cancelled and refunded at start-up).
  await sql`create index crash_round_live_idx on crash_round (id) where state in ('betting', 'running')`.execute(
    db,
  );

  // One round of play: an in-house bet (with its nonce and outcome), a crash bet, or a provider's round
  // (its bets and wins summed). Records (game/records/bet and /win) read this table.
  await db.schema
    .createTable('game_round')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('game_id', 'integer', (col) => col.notNull().references('game.id'))
    .addColumn('member_id', 'bigint', (col) => col.references('member.id'))
    .addColumn('session_id', 'bigint', (col) => col.references('game_session.id'))
    .addColumn('mode', 'text', (col) => col.notNull().check(sql`mode in ('launch', 'demo')`))
    .addColumn('seed_pair_id', 'bigint', (col) => col.references('fair_seed_pair.id'))
    .addColumn('nonce', 'integer')
    .addColumn('crash_round_id', 'bigint', (col) => col.references('crash_round.id'))
    // The provider's round id for provider games.
    .addColumn('provider_round', 'text')
    .addColumn('stake', 'bigint', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`stake >= 0`),
    )
    .addColumn('payout', 'bigint', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`payout >= 0`),
    )
    // Ten-thousandths: 19800 is 1.98×.
    .addColumn('multiplier', 'integer')
    // open (staked, not yet settled), settled (paid what it won, maybe 0), refunded (its stake returned),
    // cancelled (the stake was never taken: not enough balance, or the server stopped before the debit).
    .addColumn('state', 'text', (col) =>
      col.notNull().check(sql`state in ('open', 'settled', 'refunded', 'cancelled')`),
    )
    .addColumn('options', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('outcome', 'jsonb')
    .addColumn('bet_transaction_id', 'bigint', (col) => col.references('journal_transaction.id'))
    .addColumn('win_transaction_id', 'bigint', (col) => col.references('journal_transaction.id'))
    .addColumn('refund_transaction_id', 'bigint', (col) => col.references('journal_transaction.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .addUniqueConstraint('game_round_nonce', ['seed_pair_id', 'nonce'])
    .addUniqueConstraint('game_round_provider_round', ['game_id', 'provider_round'])
    .execute();
  await db.schema
    .createIndex('game_round_member_idx')
    .on('game_round')
    .columns(['member_id', 'game_id', 'id'])
    .execute();
  await sql`create index game_round_open_idx on game_round (id) where state = 'open'`.execute(db);
  await db.schema.createIndex('game_round_crash_idx').on('game_round').column('crash_round_id').execute();
  // One crash bet per player per round: a member's (across their sessions) or a demo session's.
  await sql`create unique index game_round_crash_member on game_round (crash_round_id, member_id) where crash_round_id is not null and mode = 'launch'`.execute(
    db,
  );
  await sql`create unique index game_round_crash_session on game_round (crash_round_id, session_id) where crash_round_id is not null and mode = 'demo'`.execute(
    db,
  );
  // Crash wins settled but not yet credited (a stop in between), found at start-up without a scan.
  await sql`create index game_round_crash_unpaid_idx on game_round (id) where crash_round_id is not null and state = 'settled' and payout > 0 and win_transaction_id is null and mode = 'launch'`.execute(
    db,
  );

  // What a provider sent us (Hub88 transaction/bet, /win, /rollback), kept for replays and reconciliation
  // (Hub88 keeps transaction ids at least four months). A rollback that arrives before its bet is stored
  // as a tombstone, so the late bet is refused.
  await db.schema
    .createTable('provider_transaction')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('transaction_uuid', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('bet', 'win', 'rollback')`))
    .addColumn('member_id', 'bigint', (col) => col.references('member.id'))
    .addColumn('game_id', 'integer', (col) => col.references('game.id'))
    .addColumn('round', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('reference_transaction_uuid', 'text')
    // Minor units; the provider's units are kept in `request`.
    .addColumn('amount', 'bigint', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`amount >= 0`),
    )
    .addColumn('currency', 'text', (col) => col.notNull().defaultTo(''))
    // What makes a replay the same request (the fields Hub88 compares).
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('request', 'jsonb', (col) => col.notNull())
    // done; rolled_back (a bet or win undone); tombstone (a rollback of a transaction never seen).
    .addColumn('state', 'text', (col) =>
      col.notNull().check(sql`state in ('done', 'rolled_back', 'tombstone')`),
    )
    .addColumn('journal_transaction_id', 'bigint', (col) => col.references('journal_transaction.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('provider_transaction_uuid', ['provider', 'transaction_uuid'])
    .execute();
  await db.schema
    .createIndex('provider_transaction_reference_idx')
    .on('provider_transaction')
    .columns(['provider', 'reference_transaction_uuid'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'provider_transaction',
    'game_round',
    'crash_round',
    'crash_chain',
    'fair_seed_pair',
    'game_session',
    'game_category_game',
    'game_category',
    'game',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
