import type { WebSocket } from 'ws';
import { CRASH_SOCKET_CLOSE, type CrashServerMessage } from '@app/contracts/crash';

/**
 * The pages watching the crash game over WebSocket, and the one way messages reach them. Messages said at
 * the same moment are delivered together: each page gets those for it in one frame (`CrashServerFrame`),
 * and the frame of the messages for everyone is serialised once for all pages. A page that cannot keep up
 * (a phone on a slow link whose socket buffer grows past a limit) is dropped rather than let the server's
 * memory grow for it: it reconnects and its snapshot tells it the state. Pages that stop answering pings
 * are dropped too.
 */
/** Real play is a member's (whichever of their sessions); demo play is one session's. */
export type CrashPlayerKey = { mode: 'launch' | 'demo'; memberId: number | null; sessionId: number };

/** A message to every page (`to` null) or to the pages of one player. */
export type CrashDelivery = { to: CrashPlayerKey | null; message: CrashServerMessage };

/** Whose pages a key reaches: a member's (every session) or a demo session's. */
const playerIndexKey = (player: CrashPlayerKey) =>
  player.mode === 'launch' ? `member:${player.memberId}` : `session:${player.sessionId}`;

/** The frame of `messages`: the message itself when alone, else the array. */
const frameOf = (messages: CrashServerMessage[]) =>
  JSON.stringify(messages.length === 1 ? messages[0] : messages);

type Client = {
  socket: WebSocket;
  player: CrashPlayerKey;
  alive: boolean;
  /** Messages held until the page's snapshot is sent, so none falls between the snapshot and the events. */
  queue: string[] | undefined;
};

/** A page further behind than this (bytes not yet sent) is dropped. */
const MAX_BUFFERED_BYTES = 512 * 1024;
const PING_EVERY_MS = 20_000;

export type CrashHub = {
  /**
   * A page joins. Messages are held for it until `ready` sends its snapshot first; the snapshot is read
   * after the page joined, so a held message may repeat what the snapshot shows (pages apply events by id).
   */
  add(socket: WebSocket, player: CrashPlayerKey): { ready(snapshot: CrashServerMessage): void };
  /** To every page. */
  broadcast(message: CrashServerMessage): void;
  /** To the pages of one player: a member's (every session) or a demo session's. */
  sendTo(player: CrashPlayerKey, message: CrashServerMessage): void;
  /** Messages said at the same moment, in order: each page gets those for it in one frame. */
  deliver(deliveries: readonly CrashDelivery[]): void;
  size(): number;
  /** Pings every page now and then; a page that did not answer the last ping is dropped. */
  startHeartbeat(): void;
  close(): void;
};

export function createCrashHub(): CrashHub {
  const clients = new Set<Client>();
  /** The same pages by player, so a message to one player does not look at every page. */
  const byPlayer = new Map<string, Set<Client>>();
  let heartbeat: NodeJS.Timeout | undefined;

  const join = (client: Client) => {
    clients.add(client);
    const key = playerIndexKey(client.player);
    const pages = byPlayer.get(key) ?? new Set<Client>();
    byPlayer.set(key, pages);
    pages.add(client);
  };

  const leave = (client: Client) => {
    clients.delete(client);
    const key = playerIndexKey(client.player);
    const pages = byPlayer.get(key);
    pages?.delete(client);
    if (pages?.size === 0) byPlayer.delete(key);
  };

  const write = (client: Client, text: string) => {
    if (client.queue) {
      client.queue.push(text);
      return;
    }
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      leave(client);
      client.socket.close(CRASH_SOCKET_CLOSE.slow, 'too slow');
      return;
    }
    client.socket.send(text);
  };

  const deliver = (deliveries: readonly CrashDelivery[]) => {
    if (deliveries.length === 0 || clients.size === 0) return;
    // The pages some of these messages are for alone get a frame of their own; every other page shares
    // the frame of the messages for everyone.
    const addressed = new Set<Client>();
    for (const { to } of deliveries) {
      if (to) for (const client of byPlayer.get(playerIndexKey(to)) ?? []) addressed.add(client);
    }
    const forEveryone = deliveries.flatMap(({ to, message }) => (to ? [] : [message]));
    const shared = forEveryone.length > 0 ? frameOf(forEveryone) : undefined;
    for (const client of clients) {
      if (addressed.has(client)) {
        const key = playerIndexKey(client.player);
        const own = deliveries.flatMap(({ to, message }) =>
          !to || playerIndexKey(to) === key ? [message] : [],
        );
        write(client, frameOf(own));
      } else if (shared !== undefined) write(client, shared);
    }
  };

  return {
    add(socket, player) {
      const client: Client = { socket, player, alive: true, queue: [] };
      join(client);
      socket.on('pong', () => {
        client.alive = true;
      });
      socket.on('close', () => leave(client));
      return {
        ready(snapshot) {
          const held = client.queue ?? [];
          client.queue = undefined;
          write(client, JSON.stringify(snapshot));
          for (const text of held) write(client, text);
        },
      };
    },
    broadcast: (message) => deliver([{ to: null, message }]),
    sendTo: (player, message) => deliver([{ to: player, message }]),
    deliver,
    size: () => clients.size,
    startHeartbeat() {
      if (heartbeat) return;
      heartbeat = setInterval(() => {
        for (const client of clients) {
          if (!client.alive) {
            leave(client);
            client.socket.terminate();
            continue;
          }
          client.alive = false;
          client.socket.ping();
        }
      }, PING_EVERY_MS);
      heartbeat.unref();
    },
    close() {
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = undefined;
      for (const client of clients) client.socket.close(CRASH_SOCKET_CLOSE.stopping, 'server stopping');
      clients.clear();
      byPlayer.clear();
    },
  };
}
