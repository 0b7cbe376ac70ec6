import { IN_OTHER_GAMES_MESSAGE } from '@app/contracts/game-rules';

/**
 * Talking to the app that embeds the game (reference external-protocols §4.4). The app and the game pages
 * are served by the same server, so the only origin either side trusts is this page's own: messages go out
 * addressed to it (a frame that ended up inside someone else's page tells them nothing) and come in only
 * from it (no other page can make the game refresh, or pretend to be the app).
 */
export const MESSAGE_SOURCE = 'inhouse-game';

export type FrameMessage =
  | { source: typeof MESSAGE_SOURCE; type: 'ready'; payload: { gameId: number; code: string; mode: string } }
  | { source: typeof MESSAGE_SOURCE; type: 'balance'; payload: { balance: number; currency: string } }
  | { source: typeof MESSAGE_SOURCE; type: 'cashier'; payload: { reason: 'insufficient-balance' } }
  | {
      source: typeof MESSAGE_SOURCE;
      type: 'round';
      payload: { roundId: number; stake: number; payout: number; multiplier: number | null };
    };

type Outgoing = FrameMessage | typeof IN_OTHER_GAMES_MESSAGE;

export type ParentCommand = 'refresh-balance';

export function frameMessage<T extends FrameMessage['type']>(
  type: T,
  payload: Extract<FrameMessage, { type: T }>['payload'],
): FrameMessage {
  return { source: MESSAGE_SOURCE, type, payload } as FrameMessage;
}

/** Posts to the embedding app, at our own origin only; a page opened on its own has no parent to tell. */
export function postToParent(message: Outgoing, win: Window = window): void {
  if (win.parent === win) return;
  win.parent.postMessage(message, win.location.origin);
}

export function tellInOtherGames(win: Window = window): void {
  postToParent(IN_OTHER_GAMES_MESSAGE, win);
}

/** Whether a message event comes from our own origin (the app); every other sender is ignored. */
export function isTrustedOrigin(
  event: Pick<MessageEvent, 'origin'>,
  ownOrigin: string = window.location.origin,
): boolean {
  return event.origin === ownOrigin;
}

/** The app's command in a message, if it is one we know and it came from our own origin. */
export function parentCommand(
  event: Pick<MessageEvent, 'origin' | 'data'>,
  ownOrigin: string = window.location.origin,
): ParentCommand | undefined {
  if (!isTrustedOrigin(event, ownOrigin)) return undefined;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null) return undefined;
  return (data as { type?: unknown }).type === 'refresh-balance' ? 'refresh-balance' : undefined;
}

/** Listens for the app's commands; returns the function that stops listening. */
export function onParentCommand(handler: (command: ParentCommand) => void, win: Window = window): () => void {
  const listener = (event: MessageEvent) => {
    const command = parentCommand(event, win.location.origin);
    if (command) handler(command);
  };
  win.addEventListener('message', listener);
  return () => win.removeEventListener('message', listener);
}
