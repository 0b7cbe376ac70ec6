import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The address a player's links point back to (docs/decisions.md "Links follow the address the player
 * opened"): `PUBLIC_URL` when configured, else the origin this request reached. A player on
 * `http://127.0.0.1:8080`, or on a phone at `http://192.168.1.23:8080`, is sent back there, not to a
 * `localhost` that is another origin (or another machine).
 *
 * The Host header is the client's word, so it is taken only when it names the address and port the
 * connection really arrived at (or `localhost` on a loopback connection); anything else (another name,
 * another port, a malformed value) gives the connection's own address. A forged Host can therefore never
 * send a player's links, or a login's return, to another site. Behind a proxy (`TRUST_PROXY`) the proxy's
 * X-Forwarded-Host and X-Forwarded-Proto are taken as it sends them: such a deployment sets PUBLIC_URL.
 */
export type OriginSettings = { publicUrl: string | undefined; trustProxy: boolean; port: number };

/** `PUBLIC_URL` without a trailing slash, or the origin of the request (see above). */
export function publicOrigin(request: FastifyRequest, settings: OriginSettings): string {
  if (settings.publicUrl) return new URL(settings.publicUrl).origin;
  return requestOrigin(request, settings);
}

/** What routes need to give a player links back here (built once from the environment in app.ts). */
export type PlayerLinks = {
  /** The origin a player's links point back to (`PUBLIC_URL`, or the one this request reached). */
  origin(request: FastifyRequest): string;
  /** A simulators' page the player's browser will open, on the host this player reached (onPlayersHost). */
  simulatorPage(url: string, request: FastifyRequest): string;
};

export function playerLinks(
  settings: OriginSettings & { simulatorsOrigin: string | undefined },
): PlayerLinks {
  return {
    origin: (request) => publicOrigin(request, settings),
    simulatorPage: (url, request) =>
      onPlayersHost(url, settings.simulatorsOrigin, new URL(publicOrigin(request, settings)).hostname),
  };
}

const HOST_HEADER =
  /^(?<name>\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?)(?::(?<port>\d{1,5}))?$/i;

function requestOrigin(request: FastifyRequest, settings: OriginSettings): string {
  if (settings.trustProxy) {
    const forwarded = parseHost(request.host);
    const protocol = request.protocol === 'https' ? 'https' : 'http';
    if (forwarded) return new URL(`${protocol}://${forwarded.text}`).origin;
  }
  const socket = request.raw.socket as { localAddress?: string; localPort?: number } | undefined;
  const localAddress = unmapped(socket?.localAddress);
  const localPort = socket?.localPort;
  const claimed = parseHost(request.headers.host);
  if (localAddress !== undefined && localPort !== undefined) {
    if (claimed && claimed.port === localPort && namesAddress(claimed.name, localAddress)) {
      return `http://${claimed.text}`;
    }
    return `http://${bracketed(localAddress)}:${localPort}`;
  }
  // No connection address (an in-process request): only this machine's own name.
  return `http://localhost:${settings.port}`;
}

type ParsedHost = { name: string; port: number; text: string };

function parseHost(value: string | undefined): ParsedHost | undefined {
  if (!value || value.length > 260) return undefined;
  const match = HOST_HEADER.exec(value);
  if (!match?.groups?.name) return undefined;
  const port = match.groups.port === undefined ? 80 : Number(match.groups.port);
  if (port < 1 || port > 65535) return undefined;
  const name = match.groups.name.toLowerCase();
  return { name, port, text: `${name}${port === 80 ? '' : `:${port}`}` };
}

/** Whether a Host name stands for the local address the connection arrived at. */
function namesAddress(name: string, localAddress: string): boolean {
  const literal = name.startsWith('[') ? name.slice(1, -1) : name;
  if (isIP(literal) !== 0) return unmapped(literal) === localAddress;
  return literal === 'localhost' && isLoopback(localAddress);
}

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.');
}

/** `::ffff:192.168.1.23` (an IPv4 connection on a dual-stack socket) is `192.168.1.23`. */
function unmapped(address: string | undefined): string | undefined {
  if (address === undefined) return undefined;
  const lower = address.toLowerCase();
  return lower.startsWith('::ffff:') && isIP(lower.slice(7)) === 4 ? lower.slice(7) : lower;
}

function bracketed(address: string): string {
  return isIP(address) === 6 ? `[${address}]` : address;
}

/**
 * A simulators' page the player's browser opens (the stand-in game provider, the stand-in Facebook) is
 * served on the machine the player reached: its address `http://127.0.0.1:<SIMULATORS_PORT>/…` is given
 * the player's hostname, so a phone on the network opens it too (with SIMULATORS_HOST=0.0.0.0). Any other
 * address (a real provider, a path of ours) is left as it is.
 */
export function onPlayersHost(url: string, simulatorsOrigin: string | undefined, hostname: string): string {
  if (simulatorsOrigin === undefined || !URL.canParse(url)) return url;
  const parsed = new URL(url);
  if (parsed.origin !== simulatorsOrigin) return url;
  parsed.hostname = hostname;
  return parsed.toString();
}
