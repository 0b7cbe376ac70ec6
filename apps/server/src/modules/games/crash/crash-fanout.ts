import type { EventBus } from '../../../adapters/events/event-bus.ts';
import { createCrashHub, type CrashDelivery, type CrashHub } from './crash-hub.ts';

/** The bus channel of the crash game's messages to pages. */
const CRASH_CHANNEL = 'crash';

const isDelivery = (value: unknown): value is CrashDelivery =>
  typeof value === 'object' &&
  value !== null &&
  'to' in value &&
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
 *
 * What this process says in one turn of its event loop goes out as one bus message, delivered to each page
 * as one frame: at a round's opening a batch of bets is answered at once (crash.service.ts
 * `memberBetWriter`), and a message each made every process decode, and every page receive, thousands a
 * second. At low load a message goes alone, one turn later; the order of what one process says is kept.
 */
export function createCrashFanout(bus: EventBus): CrashFanout {
  const local = createCrashHub();
  let unsubscribe: (() => void) | undefined;
  let pending: CrashDelivery[] = [];
  let flushing: NodeJS.Immediate | undefined;

  const flush = () => {
    flushing = undefined;
    const said = pending;
    pending = [];
    if (said.length > 0) bus.publish(CRASH_CHANNEL, said);
  };
  const say = (delivery: CrashDelivery) => {
    pending.push(delivery);
    flushing ??= setImmediate(flush);
  };

  const ready = bus
    .subscribe(CRASH_CHANNEL, (heard) => {
      if (Array.isArray(heard)) local.deliver(heard.filter(isDelivery));
    })
    .then((off) => {
      unsubscribe = off;
    });
  return {
    ready,
    add: local.add,
    size: local.size,
    startHeartbeat: local.startHeartbeat,
    broadcast: (message) => say({ to: null, message }),
    sendTo: (player, message) => say({ to: player, message }),
    deliver: (deliveries) => {
      for (const delivery of deliveries) say(delivery);
    },
    close() {
      if (flushing) clearImmediate(flushing);
      flush();
      unsubscribe?.();
      local.close();
    },
  };
}
