// npx tsx packages/fair/scripts/enumerate-slot.ts — proves the slot's exact base-game figures by brute force:
// plays all 32^5 = 33,554,432 combinations of reel stops through the real grid evaluation (split over the
// cores by the first reel's stop) and checks that the mean spin win and the free-spin trigger rate equal
// the formula in src/slot-rtp.ts exactly, as fractions. Together with the free-spin count (exact, and
// checked against every retrigger sequence in slot.test.ts) that fixes the total RTP.
import os from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { toPercentText } from '../src/exact.ts';
import { SLOT } from '../src/slot.ts';
import {
  enumerateSlotBase,
  enumerationMatches,
  slotRtpBreakdown,
  type SlotEnumeration,
} from '../src/slot-rtp.ts';

type Part = { from: number; to: number };

/** A worker running this file. Worker threads do not inherit tsx's loader on Node 20, so it registers it first. */
function tsWorker(url: URL, data: Part): Worker {
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: data });
}
type Result = { combinations: string; win: string; triggers: string };

if (isMainThread) {
  const started = performance.now();
  const stops = SLOT.strips[0]?.length ?? 0;
  const workers = Math.min(stops, os.availableParallelism());
  const parts: Part[] = Array.from({ length: workers }, (_, index) => ({
    from: Math.floor((index * stops) / workers),
    to: Math.floor(((index + 1) * stops) / workers),
  }));
  const results = await Promise.all(
    parts.map(
      (part) =>
        new Promise<Result>((resolve, reject) => {
          const worker = tsWorker(new URL(import.meta.url), part);
          worker.once('message', resolve);
          worker.once('error', reject);
        }),
    ),
  );
  const total: SlotEnumeration = results.reduce(
    (sum, part) => ({
      combinations: sum.combinations + BigInt(part.combinations),
      win: sum.win + BigInt(part.win),
      triggers: sum.triggers + BigInt(part.triggers),
    }),
    { combinations: 0n, win: 0n, triggers: 0n },
  );
  const exact = slotRtpBreakdown(SLOT);
  const matches = enumerationMatches(SLOT, total);
  const seconds = (performance.now() - started) / 1000;
  console.info(`combinations      ${total.combinations} (${workers} workers, ${seconds.toFixed(1)} s)`);
  console.info(`Σ spin win        ${total.win} ten-thousandths of the stake`);
  console.info(
    `mean spin win     ${toPercentText({ num: total.win, den: total.combinations * 10_000n }, 8)}`,
  );
  console.info(`formula           ${toPercentText(exact.spin, 8)}  equal: ${matches.spin}`);
  console.info(
    `triggers          ${total.triggers} = ${toPercentText({ num: total.triggers, den: total.combinations }, 8)}`,
  );
  console.info(`formula           ${toPercentText(exact.trigger, 8)}  equal: ${matches.trigger}`);
  console.info(`total RTP         ${toPercentText(exact.total, 8)}`);
  if (!matches.spin || !matches.trigger || !matches.complete) {
    console.error('MISMATCH between enumeration and formula');
    process.exitCode = 1;
  }
} else {
  const part = workerData as Part;
  const result = enumerateSlotBase(SLOT, part);
  parentPort?.postMessage({
    combinations: String(result.combinations),
    win: String(result.win),
    triggers: String(result.triggers),
  } satisfies Result);
}
