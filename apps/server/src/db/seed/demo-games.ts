import type { Insertable, Kysely } from 'kysely';
import { GAME_LABEL } from '@app/contracts/game-rules';
import type { Database, GameCategoryTable, GameTable } from '../schema.ts';
import { withLocalisedArt } from './demo-art.ts';

/**
 * The demo game catalogue: our six games (supplier `winslots`) and two games of the provider simulator
 * (supplier `hub88sim`, Hub88's wallet API), in the lobby's categories. Stakes in minor units (KES cents);
 * RTP in hundredths of a percent, as each game is designed and proven (issue 5 item 6). Covers are our own
 * artwork in apps/server/static/games/ (a WebP for the cards, the SVG as the large cover), in French and
 * Portuguese where a cover has words (static/fr/games/, static/pt/games/).
 */

const KES = 100;
const STAKES = { min_stake: 10 * KES, max_stake: 10_000 * KES };

const cover = (name: string) => ({
  cover: `/statics/games/${name}.webp`,
  large_cover: `/statics/games/${name}.svg`,
});

const GAME_ROWS: Insertable<GameTable>[] = [
  {
    code: 'slot',
    name: 'Safari Riches',
    supplier_id: 'winslots',
    source: 'inhouse',
    provider: null,
    ...cover('safari-riches'),
    label: GAME_LABEL.NEW | GAME_LABEL.BONUS,
    ...STAKES,
    rtp: 9600,
    sort: 1,
  },
  {
    code: 'crash',
    name: 'Crash',
    supplier_id: 'winslots',
    source: 'inhouse',
    provider: null,
    ...cover('crash'),
    label: GAME_LABEL.HOT,
    ...STAKES,
    rtp: 9700,
    sort: 2,
  },
  {
    code: 'dice',
    name: 'Dice',
    supplier_id: 'winslots',
    source: 'inhouse',
    provider: null,
    ...cover('dice'),
    label: 0,
    ...STAKES,
    rtp: 9900,
    sort: 3,
    translations: { fr: { name: 'Dés' }, pt: { name: 'Dados' }, sw: { name: 'Kete' } },
  },
  {
    code: 'mines',
    name: 'Mines',
    supplier_id: 'winslots',
    source: 'inhouse',
    provider: null,
    ...cover('mines'),
    label: GAME_LABEL.HOT,
    ...STAKES,
    rtp: 9900,
    sort: 4,
    translations: { pt: { name: 'Minas' }, sw: { name: 'Mabomu' } },
  },
  {
    code: 'plinko',
    name: 'Plinko',
    supplier_id: 'winslots',
    source: 'inhouse',
    provider: null,
    ...cover('plinko'),
    label: GAME_LABEL.NEW,
    ...STAKES,
    rtp: 9900,
    sort: 5,
  },
  {
    code: 'wheel',
    name: 'Wheel',
    supplier_id: 'winslots',
    source: 'inhouse',
    provider: null,
    ...cover('wheel'),
    label: 0,
    ...STAKES,
    rtp: 9900,
    sort: 6,
    translations: { fr: { name: 'Roue' }, pt: { name: 'Roda' }, sw: { name: 'Gurudumu' } },
  },
  {
    code: 'hub88sim_lucky_fruits',
    name: 'Lucky Fruits',
    supplier_id: 'hub88sim',
    source: 'provider',
    provider: 'hub88',
    ...cover('lucky-fruits'),
    label: GAME_LABEL.HOT,
    ...STAKES,
    rtp: 9600,
    sort: 7,
    translations: {
      fr: { name: 'Fruits Chanceux' },
      pt: { name: 'Frutas da Sorte' },
      sw: { name: 'Matunda ya Bahati' },
    },
  },
  {
    code: 'hub88sim_neon_sevens',
    name: 'Neon Sevens',
    supplier_id: 'hub88sim',
    source: 'provider',
    provider: 'hub88',
    ...cover('neon-sevens'),
    label: GAME_LABEL.NEW,
    // The provider offers no demo of this one: the launch popup shows Play only.
    has_demo: false,
    ...STAKES,
    rtp: 9500,
    sort: 8,
  },
];

/** The games, each cover with words in it served in the player's language (demo-art.ts). */
export const GAMES: Insertable<GameTable>[] = GAME_ROWS.map((game) =>
  withLocalisedArt(game, ['cover', 'large_cover']),
);

export const GAME_CATEGORIES: Insertable<GameCategoryTable>[] = [
  {
    slug: 'hot',
    name: 'Hot',
    cover: '/statics/menus/jackpot.webp',
    sort: 1,
    translations: { fr: { name: 'Populaires' }, pt: { name: 'Em alta' }, sw: { name: 'Maarufu' } },
  },
  {
    slug: 'slots',
    name: 'Slots',
    cover: '/statics/menus/slots.webp',
    sort: 2,
    translations: { fr: { name: 'Machines à sous' }, sw: { name: 'Sloti' } },
  },
  {
    slug: 'originals',
    name: 'Originals',
    cover: '/statics/menus/dice.webp',
    sort: 3,
    translations: { fr: { name: 'Nos jeux' }, pt: { name: 'Originais' }, sw: { name: 'Michezo yetu' } },
  },
  {
    slug: 'instant',
    name: 'Table & Instant',
    cover: '/statics/menus/crash.webp',
    sort: 4,
    translations: {
      fr: { name: 'Table et instantanés' },
      pt: { name: 'Mesa e instantâneos' },
      sw: { name: 'Mezani na papo hapo' },
    },
  },
  {
    slug: 'providers',
    name: 'Providers',
    cover: '/statics/menus/all-promotions.webp',
    sort: 5,
    translations: {
      fr: { name: 'Fournisseurs' },
      pt: { name: 'Fornecedores' },
      sw: { name: 'Watoa michezo' },
    },
  },
];

/** Each category's games by code, in order; `sticky` ones lead their category. */
export const CATEGORY_GAMES: Record<string, { code: string; sticky?: boolean }[]> = {
  hot: [
    { code: 'crash', sticky: true },
    { code: 'slot', sticky: true },
    { code: 'mines' },
    { code: 'hub88sim_lucky_fruits' },
    { code: 'plinko' },
  ],
  slots: [
    { code: 'slot', sticky: true },
    { code: 'hub88sim_lucky_fruits' },
    { code: 'hub88sim_neon_sevens' },
  ],
  originals: [
    { code: 'slot', sticky: true },
    { code: 'crash' },
    { code: 'dice' },
    { code: 'mines' },
    { code: 'plinko' },
    { code: 'wheel' },
  ],
  instant: [
    { code: 'crash', sticky: true },
    { code: 'dice' },
    { code: 'mines' },
    { code: 'plinko' },
    { code: 'wheel' },
  ],
  providers: [{ code: 'hub88sim_lucky_fruits' }, { code: 'hub88sim_neon_sevens' }],
};

/**
 * Games and categories by their natural keys (code, slug), never overwriting an operator's edit. Which
 * game is in which category has no key of its own worth keeping: it is seeded only into an empty table,
 * so an operator who took a game out of a category does not see it come back.
 */
export async function seedDemoGames(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('game')
    .values(GAMES)
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  await db
    .insertInto('game_category')
    .values(GAME_CATEGORIES)
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
  const hasLinks = await db.selectFrom('game_category_game').select('game_id').limit(1).executeTakeFirst();
  if (hasLinks) return;
  const [games, categories] = await Promise.all([
    db.selectFrom('game').select(['id', 'code']).execute(),
    db.selectFrom('game_category').select(['id', 'slug']).execute(),
  ]);
  const gameId = new Map(games.map((game) => [game.code, game.id]));
  const categoryId = new Map(categories.map((category) => [category.slug, category.id]));
  const links = Object.entries(CATEGORY_GAMES).flatMap(([slug, entries]) =>
    entries.flatMap((entry, index) => {
      const category = categoryId.get(slug);
      const game = gameId.get(entry.code);
      return category && game
        ? [{ category_id: category, game_id: game, sort: index, sticky: entry.sticky ?? false }]
        : [];
    }),
  );
  if (links.length > 0) await db.insertInto('game_category_game').values(links).execute();
}
