// npm run bench:rtp — the slot's RTP by simulation beside its exact value (reliability-and-performance.md
// §2.4). Plays RTP_SPINS bets (default 10^8; a bet is the base spin and all its free spins) through the real
// byte stream of packages/fair: one server seed (random, or RTP_SERVER_SEED), client seed "bench", nonces
// 0 … N−1, split over the cores with worker_threads. Prints spins per second, the measured RTP with its 99%
// confidence interval (± 2.576·σ/√N, σ from the sample), the exact RTP, and whether the interval holds it.
//
// Speed: @noble/hashes spends most of a bet in HMAC-SHA256 (about 6 µs here; node:crypto's createHmac is
// no faster, its per-call overhead dominates), which would make 10^8 bets take over 10 minutes on 2 cores.
// So the bench injects, through the stream's HmacSha256 seam, the HMAC below: the same function, keyed
// once per server seed (the key's pad blocks compressed once) and one SHA-256 block per message, with no
// allocation. It is checked against noble and node:crypto before the run, so the bytes are the real ones.
import { createHmac } from 'node:crypto';
import os from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const { createFloatStream, generateServerSeed, nobleHmacSha256 } =
  await import('../packages/fair/src/stream.ts');
const { playSlot, slotRtpExact } = await import('../packages/fair/src/slot.ts');
const { emptySample, estimate, merge, record } = await import('../packages/fair/src/stats.ts');
const { toNumber, toPercentText } = await import('../packages/fair/src/exact.ts');

const CLIENT_SEED = 'bench';
/** Bets between progress reports from a worker. */
const REPORT_EVERY = 1_000_000;

// SHA-256 (FIPS 180-4), just enough for HMAC with a key of at most 64 bytes and messages of at most 55.
const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const IV = Int32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);
const W = new Int32Array(64);

/** out = compress(state, block): one SHA-256 compression of 16 big-endian words. */
function compress(state, block, out) {
  for (let t = 0; t < 16; t += 1) W[t] = block[t];
  for (let t = 16; t < 64; t += 1) {
    const w15 = W[t - 15];
    const w2 = W[t - 2];
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[t] = (W[t - 16] + s0 + W[t - 7] + s1) | 0;
  }
  let a = state[0];
  let b = state[1];
  let c = state[2];
  let d = state[3];
  let e = state[4];
  let f = state[5];
  let g = state[6];
  let h = state[7];
  for (let t = 0; t < 64; t += 1) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + s1 + ((e & f) ^ (~e & g)) + K[t] + W[t]) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  out[0] = (state[0] + a) | 0;
  out[1] = (state[1] + b) | 0;
  out[2] = (state[2] + c) | 0;
  out[3] = (state[3] + d) | 0;
  out[4] = (state[4] + e) | 0;
  out[5] = (state[5] + f) | 0;
  out[6] = (state[6] + g) | 0;
  out[7] = (state[7] + h) | 0;
}

/** HMAC-SHA256 of ASCII strings, keyed state cached for the last key; same contract as the stream's seam. */
function fastHmacSha256() {
  let cachedKey;
  const inner = new Int32Array(8);
  const outer = new Int32Array(8);
  const block = new Int32Array(16);
  const digest = new Int32Array(8);
  return (key, message) => {
    if (key !== cachedKey) {
      if (key.length > 64) throw new Error('fast HMAC: key over 64 bytes');
      for (const [pad, state] of [
        [0x36, inner],
        [0x5c, outer],
      ]) {
        block.fill(0);
        for (let i = 0; i < 64; i += 1) {
          const byte = (i < key.length ? key.charCodeAt(i) : 0) ^ pad;
          block[i >> 2] |= byte << (24 - 8 * (i & 3));
        }
        compress(IV, block, state);
      }
      cachedKey = key;
    }
    if (message.length > 55) throw new Error('fast HMAC: message over one block');
    block.fill(0);
    for (let i = 0; i < message.length; i += 1) {
      const code = message.charCodeAt(i);
      if (code > 0x7f) throw new Error('fast HMAC: ASCII only');
      block[i >> 2] |= code << (24 - 8 * (i & 3));
    }
    block[message.length >> 2] |= 0x80 << (24 - 8 * (message.length & 3));
    block[15] = (64 + message.length) * 8;
    compress(inner, block, digest);
    for (let i = 0; i < 8; i += 1) block[i] = digest[i];
    block.fill(0, 8);
    block[8] = 0x80000000 | 0;
    block[15] = (64 + 32) * 8;
    compress(outer, block, digest);
    const out = new Uint8Array(32);
    for (let i = 0; i < 32; i += 1) out[i] = (digest[i >> 2] >>> (24 - 8 * (i & 3))) & 0xff;
    return out;
  };
}

/** The bench's HMAC must give the very bytes of the package's: compare on varied keys and messages. */
function checkFastHmac(hmac) {
  const same = (a, b) => a.length === b.length && a.every((byte, i) => byte === b[i]);
  for (let i = 0; i < 2000; i += 1) {
    const key = i % 100 === 0 ? generateServerSeed() : 'f00d'.repeat(16).slice(0, 1 + (i % 64));
    const message = `${'client seed '.slice(0, i % 12)}:${i * 7919}:${i % 40}`;
    const fast = hmac(key, message);
    if (
      !same(fast, nobleHmacSha256(key, message)) ||
      !same(fast, createHmac('sha256', key).update(message).digest())
    ) {
      throw new Error(`fast HMAC differs from noble/node:crypto for ${JSON.stringify([key, message])}`);
    }
  }
}

if (isMainThread) {
  const spins = Number(process.env.RTP_SPINS ?? 1e8);
  if (!Number.isSafeInteger(spins) || spins < 2) throw new Error('RTP_SPINS must be an integer ≥ 2');
  const serverSeed = process.env.RTP_SERVER_SEED ?? generateServerSeed();
  const cores = os.availableParallelism();
  const workers = Math.min(cores, spins);
  checkFastHmac(fastHmacSha256());
  console.log(
    `slot RTP bench: ${spins.toLocaleString('en')} bets on ${workers} workers (${cores} cores ${os.cpus()[0]?.model ?? ''}, Node ${process.version})`,
  );
  console.log(`server seed ${serverSeed}, client seed "${CLIENT_SEED}", nonces 0 … ${spins - 1}`);

  const started = performance.now();
  const done = new Array(workers).fill(0);
  let lastReport = started;
  const parts = await Promise.all(
    Array.from({ length: workers }, (_, index) => {
      const from = Math.floor((index * spins) / workers);
      const to = Math.floor(((index + 1) * spins) / workers);
      // Worker threads do not inherit tsx's loader on Node 20: register it, then load this file.
      const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); });`;
      const worker = new Worker(bootstrap, { eval: true, workerData: { serverSeed, from, to } });
      return new Promise((resolve, reject) => {
        worker.on('message', (message) => {
          done[index] = message.done;
          if (message.sample) resolve(message.sample);
          const now = performance.now();
          if (now - lastReport > 30_000) {
            lastReport = now;
            const total = done.reduce((sum, count) => sum + count, 0);
            const rate = total / ((now - started) / 1000);
            console.log(
              `  … ${total.toLocaleString('en')} bets, ${Math.round(rate).toLocaleString('en')}/s, about ${Math.round((spins - total) / rate)} s to go`,
            );
          }
        });
        worker.once('error', reject);
      });
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const measured = estimate(merge(...parts));
  const exact = slotRtpExact();
  const exactRtp = toNumber(exact);
  const percent = (value, digits = 4) => `${(value * 100).toFixed(digits)}%`;
  const inside = measured.low <= exactRtp && exactRtp <= measured.high;
  console.log(
    `time          ${seconds.toFixed(1)} s: ${Math.round(spins / seconds).toLocaleString('en')} bets/s`,
  );
  console.log(`measured RTP  ${percent(measured.rtp)} (σ ${measured.sigma.toFixed(3)} per unit stake)`);
  console.log(
    `99% interval  ${percent(measured.low)} … ${percent(measured.high)} (± ${(measured.halfWidth99 * 100).toFixed(4)} pp)`,
  );
  console.log(`exact RTP     ${toPercentText(exact, 6)}`);
  console.log(`exact RTP inside the 99% interval: ${inside ? 'yes' : 'NO (expected in 1 run of 100)'}`);
} else {
  const { serverSeed, from, to } = workerData;
  const hmac = fastHmacSha256();
  const sample = emptySample();
  for (let nonce = from; nonce < to; nonce += 1) {
    record(
      sample,
      playSlot(createFloatStream({ serverSeed, clientSeed: CLIENT_SEED, nonce }, hmac)).multiplier,
    );
    if ((nonce - from + 1) % REPORT_EVERY === 0) parentPort.postMessage({ done: nonce - from + 1 });
  }
  parentPort.postMessage({ done: to - from, sample });
}
