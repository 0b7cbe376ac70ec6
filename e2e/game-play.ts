import type { APIRequestContext, FrameLocator, Page } from '@playwright/test';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import type { Round } from '@app/contracts/inhouse';
import { formatMoney } from '@app/contracts/money';
import { ACCOUNT_PATHS, API_BASE, GAME_PATHS, INHOUSE_PATHS, MEMBER_PATHS } from '@app/contracts/paths';
import { expect } from './fixtures.ts';
import { depositByPhone, registerWithSms, type RegisteredMember } from './members.ts';

/**
 * Playing our own games for real money in the app's frame, for journeys with several phones (the crash
 * game's shared round, the second-device kick-out): a funded member on a phone, the game opened from the
 * home page as a player does, and what the game tells the app.
 */

export type Envelope<T> = { code: number; msg: string; data: T };

export const api = (path: string) => `${API_BASE}${path}`;
export const kes = (minor: number) => `KES ${formatMoney(minor, COUNTRY_PROFILES.KE)}`;
export const PASSWORD = 'secret12';

export function simulatorsUrl(): string {
  const url = process.env.SIMULATORS_URL;
  if (!url) throw new Error('SIMULATORS_URL is not set: run the suite with `node e2e/run.mjs`');
  return url;
}

/**
 * A mobile prefix of its own for each member (07 and two random digits): the crash game's live list shows
 * players as 0712****78, so members of tests running side by side in one round are told apart.
 */
export function randomPrefix(): string {
  return `07${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
}

/** An in-house game's id in the lobby, by its name. */
export async function gameIdByName(request: APIRequestContext, name: string): Promise<number> {
  const lobby = (await (await request.get(api(GAME_PATHS.lobby))).json()) as Envelope<{
    games: { id: number; name: string; source: string }[];
  }>;
  const game = lobby.data.games.find(
    (candidate) => candidate.name === name && candidate.source === 'inhouse',
  );
  if (!game) throw new Error(`${name} is not in the lobby`);
  return game.id;
}

/** A member registered on this phone (left logged in) with `deposit` paid in by M-Pesa. */
export async function fundedMember(
  page: Page,
  request: APIRequestContext,
  deposit: number,
): Promise<RegisteredMember> {
  const member = await registerWithSms(page, request, {
    simulatorsUrl: simulatorsUrl(),
    prefix: randomPrefix(),
  });
  await depositByPhone(request, member, deposit, simulatorsUrl());
  return member;
}

/** The member's cash as the app reads it (memberInfo/balance). */
export async function cashOf(request: APIRequestContext, member: RegisteredMember): Promise<number> {
  const answer = (await (
    await request.get(api(ACCOUNT_PATHS.balance), { headers: { token: member.token } })
  ).json()) as Envelope<{ money: number }>;
  return answer.data.money;
}

/** The player's last round of the game behind a frame session, as the game's bet history reads it. */
export async function lastRound(request: APIRequestContext, session: string): Promise<Round> {
  const answer = (await (
    await request.get(api(`${INHOUSE_PATHS.rounds}?page=1&size=1`), { headers: { 'game-session': session } })
  ).json()) as Envelope<{ list: Round[] }>;
  const [round] = answer.data.list;
  if (!round) throw new Error('no round was recorded');
  return round;
}

/** Taps the game's Play `rounds` times, each once the round before it is recorded (the frame's bet history). */
export async function playRounds(
  game: FrameLocator,
  request: APIRequestContext,
  session: string,
  rounds: number,
): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    const before = round === 0 ? undefined : (await lastRound(request, session)).id;
    await expect(game.getByTestId('play')).toBeEnabled();
    await game.getByTestId('play').click();
    await expect
      .poll(async () => {
        try {
          return (await lastRound(request, session)).id !== before;
        } catch {
          return false;
        }
      })
      .toBe(true);
  }
}

/** Keeps every message the app's page receives from our own origin (its game frame), from the next load. */
export async function recordFrameMessages(page: Page): Promise<() => Promise<unknown[]>> {
  await page.addInitScript(() => {
    const messages: unknown[] = [];
    (window as unknown as { gameMessages: unknown[] }).gameMessages = messages;
    window.addEventListener('message', (event) => {
      if (event.origin === window.location.origin) messages.push(event.data);
    });
  });
  return () => page.evaluate(() => (window as unknown as { gameMessages: unknown[] }).gameMessages);
}

/**
 * Opens the game from the home page for real money. The app logs in with the stored token as it starts
 * (a new login session, which takes the right to bet, and a fresh balance for the launch's check); the
 * game is launched from the lobby after that, as a player does. `name` and `play` are the game's card and
 * its Play link as the page names them (in another language, that language's). Answers the frame and its
 * session token.
 */
export async function openGameFromHome(
  page: Page,
  name: string,
  id: number,
  play = 'Play',
): Promise<{ game: FrameLocator; session: string }> {
  const loggedIn = page.waitForResponse((response) => response.url().includes(MEMBER_PATHS.loginWithToken));
  await page.goto('/home');
  expect((await loggedIn).ok()).toBe(true);
  await page.getByRole('article', { name }).first().getByRole('link', { name: play }).click();
  await expect(page).toHaveURL(new RegExp(`/casino/launch/${id}\\b`));
  const frame = page.getByTestId('game-frame');
  await expect(frame).toHaveAttribute('src', new RegExp(`^/game-center/games/launch/${id}\\?`));
  // The game fills the screen below the app's bar (no insets asked), once the page has slid in and laid
  // the frame out.
  const screen = page.viewportSize();
  await expect
    .poll(async () => {
      const [bar, box] = await Promise.all([
        page.getByTestId('casino-bar').boundingBox(),
        frame.boundingBox(),
      ]);
      if (!bar || !box) return undefined;
      const gapBelowBar = Math.round(box.y - (bar.y + bar.height));
      return { x: box.x, gapBelowBar, width: box.width, bottom: Math.round(box.y + box.height) };
    })
    .toEqual({ x: 0, gapBelowBar: 0, width: screen?.width, bottom: screen?.height });
  const session = new URL((await frame.getAttribute('src')) ?? '', 'http://frame.test').searchParams.get(
    'session',
  );
  if (!session) throw new Error('the frame has no session');
  return { game: page.frameLocator('[data-testid="game-frame"]'), session };
}
