// What the benchmarks measure the same way: percentiles, the CPU time of a process and of PostgreSQL (read
// from /proc on Linux), the machine's line under a run, and a plain HTTP call timed to its last byte.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';

/** The p-th percentile of a sorted list (undefined when it is empty). */
export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/** A latency in ms with one decimal, '-' when there is none. */
export const ms = (value) => (value === undefined ? '-' : value.toFixed(1));

const TICKS_PER_SECOND = 100; // Linux's USER_HZ, the unit of /proc/<pid>/stat's CPU times

/** CPU seconds (user + system) used so far by a process, or 0 if it is gone. */
export function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which is in parentheses and may hold spaces): utime is the 12th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU seconds of each process named `command` so far (PostgreSQL's by default), by pid (empty where /proc is missing). */
export function postgresCpuSnapshot(command = 'postgres') {
  const snapshot = new Map();
  if (!existsSync('/proc/self/stat')) return snapshot;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === command)
        snapshot.set(entry, cpuSecondsOf(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return snapshot;
}

/**
 * CPU seconds PostgreSQL (or the processes named `command`) used since `snapshot`, process by process: a backend that ended meanwhile (another
 * run's connections closing) takes its time with it rather than making the sum negative, and one that
 * started counts from zero. What an ended backend used in the window is missed.
 */
export function postgresCpuSince(snapshot, command = 'postgres') {
  let total = 0;
  for (const [pid, seconds] of postgresCpuSnapshot(command)) total += seconds - (snapshot.get(pid) ?? 0);
  return total;
}

export function machineLine() {
  const cpus = os.cpus();
  return (
    `machine: ${cpus.length} cores ${cpus[0]?.model ?? ''}, Node ${process.version}, ` +
    `load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`
  );
}

/**
 * One HTTP request with a JSON body (or none), on `agent`'s kept-alive connections; resolves with the
 * status, the parsed answer and the latency from sending to the answer's last byte. Never rejects: a
 * network failure or a timeout resolves with status 0 and its message.
 * @param {{ url: URL, method?: string, headers?: Record<string, string>, json?: unknown, form?: Record<string, string>, agent: http.Agent, timeoutMs?: number }} options
 */
export function timedRequest({ url, method = 'GET', headers = {}, json, form, agent, timeoutMs = 60_000 }) {
  const body =
    json !== undefined
      ? { type: 'application/json', raw: JSON.stringify(json) }
      : form !== undefined
        ? { type: 'application/x-www-form-urlencoded', raw: new URLSearchParams(form).toString() }
        : undefined;
  return new Promise((resolve) => {
    const started = performance.now();
    const done = (result) => resolve({ ...result, latency: performance.now() - started });
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        agent,
        headers: {
          ...headers,
          ...(body ? { 'content-type': body.type, 'content-length': Buffer.byteLength(body.raw) } : {}),
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('error', (error) => done({ status: 0, error: error.message }));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let answer;
          try {
            answer = JSON.parse(text);
          } catch {
            answer = undefined;
          }
          done({ status: response.statusCode ?? 0, answer, error: answer ? undefined : text.slice(0, 200) });
        });
      },
    );
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', (error) => done({ status: 0, error: error.message }));
    request.end(body?.raw);
  });
}
