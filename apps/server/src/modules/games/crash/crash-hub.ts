import type { WebSocket } from 'ws';
import { CRASH_SOCKET_CLOSE, type CrashServerMessage } from '@app/contracts/crash';

/**
 * The pages watching the crash game over WebSocket, and the one way messages reach them. A message is
 * serialised once and written to every page. A page that cannot keep up (a phone on a slow link whose
 * socket buffer grows past a limit) is dropped rather than let the server's memory grow for it: it
 * reconnects and its snapshot tells it the state. Pages that stop answering pings are dropped too.
 */
/** Real play is a member's (whichever of their sessions); demo play is one session's. */
export type CrashPlayerKey = { mode: 'launch' | 'demo'; memberId: number | null; sessionId: number };

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
  size(): number;
  /** Pings every page now and then; a page that did not answer the last ping is dropped. */
  startHeartbeat(): void;
  close(): void;
};

export function createCrashHub(): CrashHub {
  const clients = new Set<Client>();
  let heartbeat: NodeJS.Timeout | undefined;

  const write = (client: Client, text: string) => {
    if (client.queue) {
      client.queue.push(text);
      return;
    }
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      clients.delete(client);
      client.socket.close(CRASH_SOCKET_CLOSE.slow, 'too slow');
      return;
    }
    client.socket.send(text);
  };

  const samePlayer = (a: CrashPlayerKey, b: CrashPlayerKey) =>
    a.mode === 'launch' ? b.mode === 'launch' && a.memberId === b.memberId : a.sessionId === b.sessionId;

  return {
    add(socket, player) {
      const client: Client = { socket, player, alive: true, queue: [] };
      clients.add(client);
      socket.on('pong', () => {
        client.alive = true;
      });
      socket.on('close', () => clients.delete(client));
      return {
        ready(snapshot) {
          const held = client.queue ?? [];
          client.queue = undefined;
          write(client, JSON.stringify(snapshot));
          for (const text of held) write(client, text);
        },
      };
    },
    broadcast(message) {
      const text = JSON.stringify(message);
      for (const client of clients) write(client, text);
    },
    sendTo(player, message) {
      const text = JSON.stringify(message);
      for (const client of clients) if (samePlayer(player, client.player)) write(client, text);
    },
    size: () => clients.size,
    startHeartbeat() {
      if (heartbeat) return;
      heartbeat = setInterval(() => {
        for (const client of clients) {
          if (!client.alive) {
            clients.delete(client);
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
    },
  };
}
