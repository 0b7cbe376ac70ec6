import WebSocket from 'ws';
import type { CrashServerFrame, CrashServerMessage } from '@app/contracts/crash';
import { API_BASE, CRASH_PATHS } from '@app/contracts/paths';

export type CrashWatcher = {
  messages: CrashServerMessage[];
  waitFor<T extends CrashServerMessage>(
    match: (message: CrashServerMessage) => message is T,
    label: string,
    timeoutMs?: number,
  ): Promise<T>;
  waitFor(
    match: (message: CrashServerMessage) => boolean,
    label: string,
    timeoutMs?: number,
  ): Promise<CrashServerMessage>;
  closed: Promise<number>;
  close(): void;
};

/**
 * A page on the crash game's WebSocket of the server at `serverUrl`: says hello with its game session and
 * keeps every message; `waitFor` resolves with the first message (seen or to come) that matches.
 */
export async function watchCrash(serverUrl: string, session: string): Promise<CrashWatcher> {
  const socket = new WebSocket(`${serverUrl.replace('http', 'ws')}${API_BASE}${CRASH_PATHS.socket}`);
  const messages: CrashServerMessage[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as CrashServerFrame;
    messages.push(...(Array.isArray(frame) ? frame : [frame]));
    for (const check of [...waiters]) check();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'hello', session }));
  const waitFor = (match: (message: CrashServerMessage) => boolean, label: string, timeoutMs = 25_000) =>
    new Promise<CrashServerMessage>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`${serverUrl}: timed out waiting for ${label}`));
      }, timeoutMs);
      const check = () => {
        const found = messages.find(match);
        if (!found) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(found);
      };
      waiters.add(check);
      check();
    });
  return { messages, waitFor: waitFor as CrashWatcher['waitFor'], closed, close: () => socket.close() };
}
