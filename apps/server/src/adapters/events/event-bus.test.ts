import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLocalEventBus, createRedisEventBus, type EventBus } from './event-bus.ts';

/**
 * The bus on one process and on a fleet. The fleet's runs talk to a real Redis (REDIS_URL, or the one this
 * machine and CI run at 127.0.0.1:6379), each test in a namespace of its own.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const logger = pino({ level: 'silent' });
const opened: EventBus[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((bus) => bus.close()));
});

async function redisBus(namespace: string): Promise<EventBus> {
  const bus = await createRedisEventBus({ url: REDIS_URL, namespace, logger });
  opened.push(bus);
  return bus;
}

describe('the local bus (one process)', () => {
  it('hands a message to every listener of its channel at once, and stops after unsubscribing', async () => {
    const bus = createLocalEventBus();
    const heard: unknown[] = [];
    const other: unknown[] = [];
    const off = await bus.subscribe('crash', (message) => heard.push(message));
    await bus.subscribe('another', (message) => other.push(message));
    bus.publish('crash', { n: 1 });
    expect(heard).toEqual([{ n: 1 }]);
    off();
    bus.publish('crash', { n: 2 });
    expect(heard).toEqual([{ n: 1 }]);
    expect(other).toEqual([]);
  });
});

describe('the Redis bus (a fleet)', () => {
  it('every process hears every process, its own messages included, each publisher in its order', async () => {
    const namespace = `test-${randomBytes(4).toString('hex')}`;
    const processes = [await redisBus(namespace), await redisBus(namespace), await redisBus(namespace)];
    const heard = processes.map(() => [] as { from: number; n: number }[]);
    for (const [index, bus] of processes.entries()) {
      await bus.subscribe('crash', (message) => heard[index]?.push(message as { from: number; n: number }));
    }
    const PER_PROCESS = 100;
    for (let n = 0; n < PER_PROCESS; n += 1) {
      for (const [from, bus] of processes.entries()) bus.publish('crash', { from, n });
    }
    await vi.waitFor(
      () => {
        for (const messages of heard) expect(messages).toHaveLength(PER_PROCESS * processes.length);
      },
      { timeout: 10_000, interval: 20 },
    );
    for (const messages of heard) {
      for (const from of processes.keys()) {
        expect(messages.filter((message) => message.from === from).map((message) => message.n)).toEqual(
          Array.from({ length: PER_PROCESS }, (_, n) => n),
        );
      }
    }
  });

  it('keeps deployments sharing one Redis apart by their namespace', async () => {
    const suffix = randomBytes(4).toString('hex');
    const kenya = await redisBus(`ke-${suffix}`);
    const brazil = await redisBus(`br-${suffix}`);
    const heardInBrazil: unknown[] = [];
    const heardInKenya: unknown[] = [];
    await brazil.subscribe('crash', (message) => heardInBrazil.push(message));
    await kenya.subscribe('crash', (message) => heardInKenya.push(message));
    kenya.publish('crash', { round: 1 });
    await vi.waitFor(() => expect(heardInKenya).toEqual([{ round: 1 }]), { timeout: 5_000, interval: 10 });
    // Kenya heard its own message through Redis; had Brazil been listening on the same channel it would
    // have heard it by now too.
    expect(heardInBrazil).toEqual([]);
  });
});
