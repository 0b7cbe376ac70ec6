import type { CrashServerMessage } from '@app/contracts/crash';
import type { EventBus } from '../../../adapters/events/event-bus.ts';
import { createCrashHub, type CrashHub, type CrashPlayerKey } from './crash-hub.ts';

/** The bus channel of the crash game's messages to pages. */
const CRASH_CHANNEL = 'crash';

type Envelope = { to: CrashPlayerKey | null; message: CrashServerMessage };

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' &&
  value !== null &&
  'message' in value &&
  typeof (value as { message?: { type?: unknown } }).message?.type === 'string';

export type CrashFanout = CrashHub & {
  /** Resolves once this process hears the bus (the subscription is confirmed). */
  ready: Promise<void>;
};

/**
 * The crash game's messages to pages, on every process of the fleet (issue 24 §2): a message for everyone
 * or for one player goes out on the event bus, and every process (this one included) hands what it hears
 * to the pages connected to it. The driver's rounds and every process's bets and cash-outs thus reach
 * each page, whichever process it is connected to. On one process the bus is local and nothing changes.
 */
export function createCrashFanout(bus: EventBus): CrashFanout {
  const local = createCrashHub();
  let unsubscribe: (() => void) | undefined;
  const ready = bus
    .subscribe(CRASH_CHANNEL, (envelope) => {
      if (!isEnvelope(envelope)) return;
      if (envelope.to) local.sendTo(envelope.to, envelope.message);
      else local.broadcast(envelope.message);
    })
    .then((off) => {
      unsubscribe = off;
    });
  return {
    ready,
    add: local.add,
    size: local.size,
    startHeartbeat: local.startHeartbeat,
    broadcast: (message) => bus.publish(CRASH_CHANNEL, { to: null, message } satisfies Envelope),
    sendTo: (player, message) => bus.publish(CRASH_CHANNEL, { to: player, message } satisfies Envelope),
    close() {
      unsubscribe?.();
      local.close();
    },
  };
}
