import type {
  CrashClientMessage,
  CrashPlayResult,
  CrashServerFrame,
  CrashServerMessage,
} from '@app/contracts/crash';
import { API_BASE, CRASH_PATHS } from '@app/contracts/paths';
import { callApi } from '../../lib/api.ts';

/**
 * The crash game's calls (docs/games.md "Crash"): bets and cash-outs over HTTP with the frame's session
 * token, like the other games; the rounds' events over the WebSocket. Errors are the frame's ApiError, so
 * the frame shows and handles them as for every game.
 */
export type CrashApi = {
  /** A bet on `roundId`, the round the page shows taking bets (refused if its betting has closed). */
  bet(roundId: number, stake: number, autoCashout: number | null): Promise<CrashPlayResult>;
  cashOut(roundId: number): Promise<CrashPlayResult>;
};

export function createCrashApi(token: string, language: string): CrashApi {
  const post = <T>(path: string, body: unknown) => callApi<T>(path, { token, language, body });
  return {
    bet: (roundId, stake, autoCashout) =>
      post(CRASH_PATHS.bet, autoCashout === null ? { roundId, stake } : { roundId, stake, autoCashout }),
    cashOut: (roundId) => post(CRASH_PATHS.cashout, { roundId }),
  };
}

/**
 * The contracts' CRASH_SOCKET_CLOSE.session, written out: a value import from contracts/crash.ts would
 * bring its zod schemas into the page (crash-state.test.ts checks the two agree).
 */
export const SESSION_REFUSED_CLOSE = 4001;

export type SocketStatus = 'connecting' | 'open' | 'reconnecting' | 'ended';

/**
 * The rounds' WebSocket: says hello with the session token, hands every message on, and reconnects after
 * a drop (1 s, 2 s, … up to 10 s); each new connection starts with a fresh snapshot. A refused session
 * ends it for good ('ended').
 */
export function connectCrash(
  token: string,
  onMessage: (message: CrashServerMessage) => void,
  onStatus: (status: SocketStatus) => void,
): { close(): void } {
  let socket: WebSocket | undefined;
  let attempts = 0;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${API_BASE}${CRASH_PATHS.socket}`;

  const open = () => {
    if (closed) return;
    onStatus(attempts === 0 ? 'connecting' : 'reconnecting');
    const current = new WebSocket(url);
    socket = current;
    current.onopen = () => {
      const hello: CrashClientMessage = { type: 'hello', session: token };
      current.send(JSON.stringify(hello));
    };
    current.onmessage = (event) => {
      let frame: CrashServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as CrashServerFrame;
      } catch {
        return;
      }
      for (const message of Array.isArray(frame) ? frame : [frame]) {
        if (message.type === 'snapshot') {
          attempts = 0;
          onStatus('open');
        }
        onMessage(message);
      }
    };
    current.onclose = (event) => {
      if (closed || socket !== current) return;
      if (event.code === SESSION_REFUSED_CLOSE) {
        onStatus('ended');
        return;
      }
      attempts += 1;
      onStatus('reconnecting');
      timer = setTimeout(open, Math.min(10_000, 1_000 * attempts));
    };
  };
  open();

  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      socket?.close();
    },
  };
}
