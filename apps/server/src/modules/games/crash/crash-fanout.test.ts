import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import type { CrashServerFrame, CrashServerMessage } from '@app/contracts/crash';
import { createLocalEventBus } from '../../../adapters/events/event-bus.ts';
import { createCrashFanout, type CrashFanout } from './crash-fanout.ts';
import type { CrashPlayerKey } from './crash-hub.ts';

/**
 * The crash game's messages to pages, framed: what is said in one turn of the event loop reaches each page
 * as one frame, in order, and a message to one player only that player's pages. Real WebSockets on a
 * loopback server, the one-process bus.
 */
type Page = { frames: CrashServerFrame[]; messages(): CrashServerMessage[]; socket: WebSocket };

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function fanoutWithPages(players: CrashPlayerKey[]): Promise<{ fanout: CrashFanout; pages: Page[] }> {
  const fanout = createCrashFanout(createLocalEventBus());
  await fanout.ready;
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  cleanups.push(() => fanout.close());
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const pages: Page[] = [];
  for (const player of players) {
    const joined = new Promise<void>((resolve) =>
      server.once('connection', (socket) => {
        fanout.add(socket, player).ready({ type: 'error', code: 0, msg: 'snapshot stand-in' });
        resolve();
      }),
    );
    const socket = new WebSocket(`ws://127.0.0.1:${port}`);
    const frames: CrashServerFrame[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(String(data)) as CrashServerFrame));
    cleanups.push(() => socket.close());
    await joined;
    // The snapshot's stand-in: the page is joined once it has it.
    await vi.waitFor(() => expect(frames).toHaveLength(1));
    frames.length = 0;
    pages.push({
      frames,
      socket,
      messages: () => frames.flatMap((frame) => (Array.isArray(frame) ? frame : [frame])),
    });
  }
  return { fanout, pages };
}

const member = (memberId: number, sessionId: number): CrashPlayerKey => ({
  mode: 'launch',
  memberId,
  sessionId,
});
const started = (roundId: number): CrashServerMessage => ({
  type: 'started',
  now: roundId,
  roundId,
  startedAt: 0,
});
const balance = (amount: number): CrashServerMessage => ({ type: 'balance', now: 0, balance: amount });

describe('the crash fanout', () => {
  it('sends what is said in one turn as one frame, in order, and a lone message as itself', async () => {
    const { fanout, pages } = await fanoutWithPages([member(1, 10), member(2, 20)]);
    for (const roundId of [1, 2, 3]) fanout.broadcast(started(roundId));
    await vi.waitFor(() => expect(pages.every((page) => page.frames.length === 1)).toBe(true));
    for (const page of pages) expect(page.frames).toEqual([[started(1), started(2), started(3)]]);

    fanout.broadcast(started(4));
    await vi.waitFor(() => expect(pages.every((page) => page.frames.length === 2)).toBe(true));
    for (const page of pages) expect(page.frames[1]).toEqual(started(4));
  });

  it("gives a player's message to every page of theirs and to no one else's, in its place among the rest", async () => {
    // Member 1 on two sessions, member 2, and a demo session whose id is member 1's number.
    const demo: CrashPlayerKey = { mode: 'demo', memberId: null, sessionId: 1 };
    const { fanout, pages } = await fanoutWithPages([member(1, 10), member(1, 11), member(2, 20), demo]);
    fanout.broadcast(started(1));
    fanout.sendTo(member(1, 99), balance(500));
    fanout.broadcast(started(2));
    await vi.waitFor(() => expect(pages.every((page) => page.frames.length === 1)).toBe(true));
    const [first, second, other, demoPage] = pages.map((page) => page.messages());
    expect(first).toEqual([started(1), balance(500), started(2)]);
    expect(second).toEqual([started(1), balance(500), started(2)]);
    expect(other).toEqual([started(1), started(2)]);
    expect(demoPage).toEqual([started(1), started(2)]);

    fanout.sendTo(demo, balance(7));
    await vi.waitFor(() => expect(pages[3]?.frames).toHaveLength(2));
    expect(pages[3]?.frames[1]).toEqual(balance(7));
    // Nothing else went out: a message for everyone would have reached the others meanwhile.
    fanout.broadcast(started(3));
    await vi.waitFor(() =>
      expect(pages.every((page) => page.messages().at(-1)?.type === 'started')).toBe(true),
    );
    expect(pages.slice(0, 3).map((page) => page.frames.length)).toEqual([2, 2, 2]);
  });
});
