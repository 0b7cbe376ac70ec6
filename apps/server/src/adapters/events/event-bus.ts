import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Messages every server process must see: the crash game's rounds, bets and cash-outs, which each
 * process forwards to the pages connected to it (issue 24 §2). One process needs no broker (`npm start`):
 * the local bus hands a message to this process's listeners. A fleet sets REDIS_URL and every process
 * publishes to and hears from Redis pub/sub, its own messages included, so all processes see one order.
 *
 * Delivery is at most once, like Redis pub/sub itself: a process that loses its connection misses what
 * was said meanwhile. That is enough for what travels here, pages' live views, because a page's state is
 * its snapshot from the database plus the events after it (the crash page asks again on reconnecting).
 * Money never depends on a message.
 */
export type EventBus = {
  publish(channel: string, message: unknown): void;
  /**
   * Calls `listener` with every message published on `channel` once the returned promise resolves (the
   * broker has confirmed the subscription); resolves to the unsubscribe.
   */
  subscribe(channel: string, listener: (message: unknown) => void): Promise<() => void>;
  close(): Promise<void>;
};

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The app's event bus (composition/app.ts). */
    events: EventBus;
  }
}

type Listeners = Map<string, Set<(message: unknown) => void>>;

function deliver(listeners: Listeners, channel: string, message: unknown, logger?: FastifyBaseLogger) {
  for (const listener of listeners.get(channel) ?? []) {
    try {
      listener(message);
    } catch (error) {
      logger?.error({ err: error, channel }, 'events: a listener failed');
    }
  }
}

function addListener(listeners: Listeners, channel: string, listener: (message: unknown) => void) {
  const set = listeners.get(channel) ?? new Set();
  listeners.set(channel, set);
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

/** One process: a message reaches this process's listeners at once, in the publisher's call. */
export function createLocalEventBus(): EventBus {
  const listeners: Listeners = new Map();
  return {
    publish: (channel, message) => deliver(listeners, channel, message),
    subscribe: async (channel, listener) => addListener(listeners, channel, listener),
    close: async () => {
      listeners.clear();
    },
  };
}

/**
 * A fleet: Redis pub/sub on two connections (a subscribed connection can do nothing else). `namespace`
 * keeps several deployments on one Redis apart. Resolves once both connections are up and subscribed.
 */
export async function createRedisEventBus(options: {
  url: string;
  namespace: string;
  logger: FastifyBaseLogger;
}): Promise<EventBus> {
  const log = options.logger.child({ module: 'events' });
  const connect = () =>
    new Redis(options.url, {
      lazyConnect: true,
      // Pub/sub is best effort: a publish while Redis is away fails at once rather than queueing.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
  const publisher = connect();
  const subscriber = connect();
  for (const [name, client] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    client.on('error', (error: Error) => log.warn({ err: error, connection: name }, 'events: Redis error'));
  }
  await Promise.all([publisher.connect(), subscriber.connect()]);

  const listeners: Listeners = new Map();
  const prefix = `${options.namespace}:`;
  subscriber.on('message', (fullChannel: string, text: string) => {
    if (!fullChannel.startsWith(prefix)) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      log.warn({ channel: fullChannel }, 'events: a message that is not JSON was dropped');
      return;
    }
    deliver(listeners, fullChannel.slice(prefix.length), message, log);
  });
  // Re-subscribing after a reconnect is ioredis's own (autoResubscribe).
  const subscribed = new Set<string>();

  return {
    publish(channel, message) {
      publisher.publish(prefix + channel, JSON.stringify(message)).catch((error: unknown) => {
        log.warn({ err: error, channel }, 'events: a message could not be published');
      });
    },
    async subscribe(channel, listener) {
      const unsubscribe = addListener(listeners, channel, listener);
      if (!subscribed.has(channel)) {
        await subscriber.subscribe(prefix + channel);
        subscribed.add(channel);
      }
      return unsubscribe;
    },
    async close() {
      listeners.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
