import type { BeaconChain, DrawProof, DrawPublic } from '@app/contracts/draws';
import { DRAW_PATHS } from '@app/contracts/paths';
import { callApi } from '../lib/api.ts';

/**
 * The draw engine's public reads (docs/draws.md "API"), called without any session: the verifier checks
 * what anybody may see. Types only from contracts/draws.ts, so its zod schemas stay out of the page.
 */
export type DrawTicketsPage = { lines: string[]; next: number | null };

export type DrawApi = {
  draw(drawId: number): Promise<DrawPublic>;
  proof(drawId: number, ticketNo: number): Promise<DrawProof>;
  tickets(drawId: number, after: number, limit: number): Promise<DrawTicketsPage>;
  chain(): Promise<BeaconChain>;
};

/** The most lines the server gives in one page (contracts DrawTicketsQuerySchema). */
export const TICKET_PAGE_SIZE = 1000;

function withId(path: string, drawId: number): string {
  return path.replace(':id', String(drawId));
}

export function createDrawApi(language: string, fetcher?: typeof fetch): DrawApi {
  const call = <T>(path: string, query?: Record<string, number>) =>
    callApi<T>(path, { token: '', language, query, fetcher });
  return {
    draw: (drawId) => call<DrawPublic>(withId(DRAW_PATHS.draw, drawId)),
    proof: (drawId, ticketNo) => call<DrawProof>(withId(DRAW_PATHS.proof, drawId), { ticketNo }),
    tickets: (drawId, after, limit) =>
      call<DrawTicketsPage>(withId(DRAW_PATHS.tickets, drawId), { after, limit }),
    chain: () => call<BeaconChain>(DRAW_PATHS.chain),
  };
}
