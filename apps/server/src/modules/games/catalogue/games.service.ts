import type { Kysely } from 'kysely';
import type { CountryProfile } from '@app/contracts/country';
import { requireVerifiedFor } from '../../platform/kyc/kyc.service.ts';
import { marketMinStake } from '@app/contracts/game-rules';
import {
  DEMO_BALANCE,
  DEMO_CURRENCY,
  gameFramePath,
  type Category,
  type Game,
  type GamePromotion,
  type GameRecord,
  type GameRecordsQuery,
  type LaunchRequest,
  type LaunchResult,
  type Lobby,
  type OnlineCount,
  type Winner,
} from '@app/contracts/games';
import { maskMobile } from '@app/contracts/message-rules';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { localize } from '../../platform/config/localize.ts';
import {
  authenticate,
  findMobiles,
  syncGameKickOut,
  type MemberDeps,
} from '../../platform/member/member.service.ts';
import { getBalance } from '../../platform/wallet/wallet.service.ts';
import { countOnlinePlayers, openGameSession } from './game-session.service.ts';
import * as repository from './games.repository.ts';
import type { CatalogueGameRow } from './games.repository.ts';

/**
 * The game centre's catalogue (lobby, my games, online counts, records, winners) and the launch that opens
 * a game in the frame (spec promotions-and-games §4, §7; docs/games.md). The rounds themselves are written
 * by the game modules; this module only reads them, and turns big wins into winner notices (`recordWin`).
 */
type Db = Kysely<Database>;

export type GamesConfig = {
  /** Suppliers this build hides (app-store builds, platform-core §6): not listed, not launched. */
  hiddenSuppliers: readonly string[];
  /** The provider's launch address, or undefined when no provider is configured (provider games fail). */
  providerLaunchUrl: string | undefined;
  country: CountryProfile;
  /** A round paying at least this much (minor units) is a big win (notice and winners list). */
  winnerMinWin: number;
};

export type GamesDeps = { db: Db; member: MemberDeps; config: GamesConfig };

/** How many recent games the my-games category holds. */
const RECENT_GAMES_LIMIT = 20;

/** A game as the player reads it: its name and its covers (their words drawn in each language) localised. */
function toGame(row: CatalogueGameRow, language: string, online: ReadonlyMap<number, number>): Game {
  const text = localize(row, language);
  return {
    id: row.id,
    supplierId: row.supplier_id,
    name: text.name,
    cover: text.cover,
    largeCover: text.large_cover,
    hasDemo: row.has_demo,
    label: row.label,
    onlineUsers: online.get(row.id) ?? 0,
    source: row.source,
  };
}

/**
 * The lobby: every game this build may show, and the categories that hold at least one of them (a
 * category whose games are all disabled or hidden is left out, spec §2).
 */
export async function getLobby(deps: Pick<GamesDeps, 'db' | 'config'>, language: string): Promise<Lobby> {
  const [games, categories, links, online] = await Promise.all([
    repository.findLobbyGames(deps.db, deps.config.hiddenSuppliers),
    repository.findEnabledCategories(deps.db),
    repository.findCategoryGames(deps.db),
    countOnlinePlayers(deps.db),
  ]);
  const visible = new Set(games.map((game) => game.id));
  const members = new Map<number, { games: number[]; sticky: number[] }>();
  for (const link of links) {
    if (!visible.has(link.game_id)) continue;
    const entry = members.get(link.category_id) ?? { games: [], sticky: [] };
    entry.games.push(link.game_id);
    if (link.sticky) entry.sticky.push(link.game_id);
    members.set(link.category_id, entry);
  }
  const lobbyCategories: Category[] = categories.flatMap((category) => {
    const entry = members.get(category.id);
    if (!entry || entry.games.length === 0) return [];
    const text = localize(category, language);
    return [
      {
        id: category.id,
        name: text.name,
        cover: category.cover,
        games: entry.games,
        stickyGames: entry.sticky,
      },
    ];
  });
  return { categories: lobbyCategories, games: games.map((game) => toGame(game, language, online)) };
}

/** The member's recently played games that the lobby may still show, newest first. */
export async function getRecentGames(
  deps: Pick<GamesDeps, 'db' | 'config'>,
  memberId: number,
  language: string,
): Promise<Game[]> {
  const [ids, games, online] = await Promise.all([
    repository.findRecentGameIds(deps.db, memberId, RECENT_GAMES_LIMIT),
    repository.findLobbyGames(deps.db, deps.config.hiddenSuppliers),
    countOnlinePlayers(deps.db),
  ]);
  const byId = new Map(games.map((game) => [game.id, game]));
  return ids.flatMap((id) => {
    const game = byId.get(id);
    return game ? [toGame(game, language, online)] : [];
  });
}

export async function getOnline(deps: GamesDeps): Promise<OnlineCount[]> {
  const [online, games] = await Promise.all([
    countOnlinePlayers(deps.db),
    repository.findLobbyGames(deps.db, deps.config.hiddenSuppliers),
  ]);
  return games.flatMap((game) => {
    const count = online.get(game.id);
    return count ? [{ id: game.id, onlineUsers: count }] : [];
  });
}

type Page<T> = { list: T[]; total: number; page: number; size: number };

/**
 * Recent big wins of every member, mobiles masked; none where the market's law forbids advertising former
 * winners (`compliance.advertising.showWinners`: off in Kenya, issue 25 §5).
 */
export async function getLatestWinners(
  deps: Pick<GamesDeps, 'db' | 'config'>,
  query: { page: number; size: number },
  language: string,
): Promise<Page<Winner>> {
  if (!deps.config.country.compliance.advertising.showWinners) {
    return { list: [], total: 0, page: query.page, size: query.size };
  }
  const { rows, total } = await repository.findBigWinsPage(deps.db, {
    minWin: deps.config.winnerMinWin,
    hiddenSuppliers: deps.config.hiddenSuppliers,
    offset: (query.page - 1) * query.size,
    limit: query.size,
  });
  const mobiles = await findMobiles(
    { db: deps.db },
    rows.map((row) => row.member_id),
  );
  const list = rows.map((row) => {
    const text = localize(row, language);
    return {
      id: row.id,
      mobile: maskMobile(mobiles.get(row.member_id) ?? ''),
      gameId: row.game_id,
      gameName: text.name,
      cover: text.cover,
      amount: row.payout,
      stake: row.stake,
      multiplier: row.multiplier,
      time: row.at.toISOString(),
    };
  });
  return { list, total, page: query.page, size: query.size };
}

/** The caller's own rounds: all of them (`bet`) or those that paid (`win`). */
export async function getRecords(
  deps: Pick<GamesDeps, 'db'>,
  memberId: number,
  kind: 'bet' | 'win',
  query: GameRecordsQuery,
  language: string,
): Promise<Page<GameRecord>> {
  const { rows, total } = await repository.findMemberRoundsPage(deps.db, {
    memberId,
    winsOnly: kind === 'win',
    gameId: query.gameId,
    order: query.order,
    offset: (query.page - 1) * query.size,
    limit: query.size,
  });
  const list = rows.map((row) => ({
    id: row.id,
    gameId: row.game_id,
    gameName: localize(row, language).name,
    mode: row.mode,
    stake: row.stake,
    payout: row.payout,
    multiplier: row.multiplier,
    state: row.state,
    createTime: row.created_at.toISOString(),
    settleTime: row.settled_at?.toISOString() ?? null,
  }));
  return { list, total, page: query.page, size: query.size };
}

/** A game the lobby may show, or GAME_NOT_FOUND (a hidden supplier's game is answered as missing). */
async function findShownGame(deps: GamesDeps, id: number): Promise<CatalogueGameRow> {
  const game = await repository.findCatalogueGame(deps.db, id);
  if (!game || deps.config.hiddenSuppliers.includes(game.supplier_id)) throw new AppError('GAME_NOT_FOUND');
  return game;
}

/** A game's own maximum stake (the stake limit's upper bound), undefined for an unknown game. */
export async function findGameMaxStake(db: Kysely<Database>, id: number): Promise<number | undefined> {
  return (await repository.findCatalogueGame(db, id))?.max_stake;
}

/**
 * `activities/game-promotion/info`: the game, its return to player and stakes. No promotion attaches to a
 * game yet, so `activity` is null; a disabled game is still described (its page may be open).
 */
export async function getGamePromotion(
  deps: GamesDeps,
  id: number,
  language: string,
): Promise<GamePromotion> {
  const game = await findShownGame(deps, id);
  const online = await countOnlinePlayers(deps.db);
  return {
    game: toGame(game, language, online),
    rtp: game.rtp,
    minStake: marketMinStake(game.min_stake, deps.config.country),
    maxStake: game.max_stake,
    currency: deps.config.country.currency,
    activity: null,
  };
}

/**
 * Opens a game (spec §4 "Game launch"). A real-money launch needs a logged-in member who holds the right
 * to bet on this device (one device at a time) and at least the game's minimum stake; a demo needs no
 * login, only a game with a demo. Our games open their page on this site with the session token; a
 * provider's open its launch address with Hub88's query parameters.
 */
/** `caller.origin`: where the player is (http/public-origin.ts); the provider's Home and Deposit lead back there. */
export async function launchGame(
  deps: GamesDeps,
  caller: { token: string | undefined; language: string; origin: string },
  input: LaunchRequest,
): Promise<LaunchResult> {
  const game = await findShownGame(deps, input.id);
  if (!game.enabled) throw new AppError('GAME_DISABLED');
  const session = await authenticate(deps.member, caller.token);

  if (input.mode === 'demo') {
    if (!game.has_demo) throw new AppError('GAME_NO_DEMO');
    if (game.source === 'provider') {
      // The provider runs its own demo: no token, no session of ours, no currency at stake.
      return { url: providerUrl(deps.config, game, { token: undefined, currency: DEMO_CURRENCY }, caller) };
    }
    const { token } = await openGameSession(deps.db, {
      // A member's demo still counts among their recent games.
      memberId: session?.member.id ?? null,
      gameId: game.id,
      mode: 'demo',
      currency: deps.config.country.currency,
      demoBalance: DEMO_BALANCE,
    });
    return { url: inHouseUrl('demo', game.id, token) };
  }

  if (!session) throw new AppError('UNAUTHORIZED');
  const { kickedOut } = await syncGameKickOut(deps.member, session);
  if (kickedOut) throw new AppError('ONE_DEVICE');
  // Before the balance: an unverified member is told the way to verify, not to top up (deposits are gated too).
  await requireVerifiedFor(deps.db, deps.config.country, session.member.id, 'play');
  const { money } = await getBalance(deps.db, session.member.id);
  // A launch is refused only for a balance no bet of the game could ever take: the least a bet may be is the
  // game's minimum or the market's legal one, whichever is higher, as every bet is held to it.
  if (money < marketMinStake(game.min_stake, deps.config.country)) throw new AppError('TOP_UP_FIRST');
  if (game.source === 'provider' && !deps.config.providerLaunchUrl)
    throw new AppError('GAME_PROVIDER_UNAVAILABLE');

  const currency = deps.config.country.currency;
  const { token } = await openGameSession(deps.db, {
    memberId: session.member.id,
    // The login session that holds the right to bet: a later login elsewhere ends this session's bets.
    memberSessionId: session.sessionId,
    gameId: game.id,
    mode: 'launch',
    currency,
  });
  if (game.source === 'provider') return { url: providerUrl(deps.config, game, { token, currency }, caller) };
  return { url: inHouseUrl('launch', game.id, token) };
}

function inHouseUrl(mode: 'launch' | 'demo', gameId: number, token: string): string {
  return `${gameFramePath(mode, gameId)}?${new URLSearchParams({ session: token })}`;
}

/** Hub88's launch parameters (reference §4): the token its wallet calls will carry, and where to send the player. */
function providerUrl(
  config: GamesConfig,
  game: CatalogueGameRow,
  launch: { token: string | undefined; currency: string },
  caller: { language: string; origin: string },
): string {
  if (!config.providerLaunchUrl) throw new AppError('GAME_PROVIDER_UNAVAILABLE');
  const url = new URL(config.providerLaunchUrl);
  if (launch.token) url.searchParams.set('token', launch.token);
  url.searchParams.set('game_code', game.code);
  url.searchParams.set('currency', launch.currency);
  url.searchParams.set('lang', caller.language);
  url.searchParams.set('lobby_url', new URL(PAGE_PATHS.home, caller.origin).toString());
  url.searchParams.set('deposit_url', new URL(PAGE_PATHS.deposit, caller.origin).toString());
  return url.toString();
}

/** A game's name as the catalogue has it (undefined for an unknown id). */
export async function findGameName(db: Db, id: number): Promise<string | undefined> {
  return (await repository.findCatalogueGame(db, id))?.name;
}

/** A game as the regulator's files name it: its code, name, who makes it and its theoretical RTP. */
export type RegisteredGame = { id: number; code: string; name: string; supplier: string; rtp: number };

/**
 * Every game the catalogue has ever held, disabled ones too (a day's bets may be on a game switched off
 * since), by id. The catalogue is small: one read per export.
 */
export async function getGameRegister(db: Db): Promise<Map<number, RegisteredGame>> {
  const rows = await repository.findAllGames(db);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        code: row.code,
        name: row.name,
        supplier: row.provider ?? row.supplier_id,
        rtp: Number(row.rtp),
      },
    ]),
  );
}
