import { DRAW_VERIFY_PAGE, drawVerifyPath, FAIR_VERIFY_PAGE } from '@app/contracts/paths';

/**
 * The draw id of a draw verification address (`/game-center/fair/draw/{id}`, contracts DRAW_VERIFY_PAGE),
 * or undefined for any other address.
 */
export function drawIdFromPath(pathname: string): number | undefined {
  const prefix = `${DRAW_VERIFY_PAGE}/`;
  if (!pathname.startsWith(prefix)) return undefined;
  const id = pathname.slice(prefix.length).replace(/\/+$/, '');
  if (!/^[1-9]\d{0,14}$/.test(id)) return undefined;
  return Number(id);
}

/** A draw's verification page, keeping the language the player chose in the address. */
export function drawVerifyHref(drawId: number, lang?: string): string {
  const path = drawVerifyPath(drawId);
  return lang ? `${path}?${new URLSearchParams({ lang })}` : path;
}

/** The ticket number of a draw verification address (`?ticketNo=`), when it is one. */
export function ticketNoFromSearch(search: string): number | undefined {
  const text = new URLSearchParams(search).get('ticketNo') ?? '';
  // The server's bound for a ticket number (contracts DrawProofQuerySchema).
  return /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2 ** 31 ? Number(text) : undefined;
}

export type VerifyParams = {
  session?: string | undefined;
  game?: string | undefined;
  serverSeed?: string | undefined;
  serverSeedHash?: string | undefined;
  clientSeed?: string | undefined;
  nonce?: number | undefined;
  options?: Record<string, unknown> | undefined;
  lang?: string | undefined;
};

/**
 * The verifier's address, filled in for one bet. The game session's token rides along when the link is
 * opened from a game, so the verifier can offer the player's revealed seeds and bets; the page is
 * same-origin and the token is already in the frame's own address.
 */
export function verifyHref(params: VerifyParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    query.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = query.toString();
  return text ? `${FAIR_VERIFY_PAGE}?${text}` : FAIR_VERIFY_PAGE;
}

/** The verifier's fields from its address; anything malformed is left empty for the player to fill. */
export function readVerifyParams(search: string): VerifyParams {
  const query = new URLSearchParams(search);
  const text = (key: string) => query.get(key) ?? undefined;
  const nonceText = query.get('nonce');
  const nonce = nonceText !== null && /^\d{1,15}$/.test(nonceText) ? Number(nonceText) : undefined;
  let options: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = JSON.parse(query.get('options') ?? 'null');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      options = parsed as Record<string, unknown>;
  } catch {
    options = undefined;
  }
  return {
    session: text('session'),
    game: text('game'),
    serverSeed: text('serverSeed'),
    serverSeedHash: text('serverSeedHash'),
    clientSeed: text('clientSeed'),
    nonce,
    options,
    lang: text('lang'),
  };
}
