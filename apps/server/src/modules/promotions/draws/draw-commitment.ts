import { hash } from 'node:crypto';
import { roundAt, roundTime, type BeaconChain } from '@app/fair/beacon';
import { createMerkleBuilder, merkleProof, type Sha256 } from '@app/fair/ticket-list';

/**
 * The server's side of the draw's commitments (docs/draws.md): the same functions the verifier page runs
 * (packages/fair), with node:crypto's one-shot SHA-256 (a hasher object per node costs more than the hash).
 */
const nodeSha256: Sha256 = (bytes) => hash('sha256', bytes, 'buffer');

/** The beacon round a draw at `instantMs` takes: the last one emitted at or before it. */
export function roundFor(chain: BeaconChain, instantMs: number): number {
  return roundAt(chain, instantMs);
}

export function roundTimeOf(chain: BeaconChain, round: number): number {
  return roundTime(chain, round);
}

async function collect(lines: AsyncIterable<string>, count: number): Promise<string[]> {
  const all: string[] = [];
  for await (const line of lines) all.push(line);
  if (all.length !== count) throw new Error(`draw list: ${all.length} tickets stored, ${count} counted`);
  return all;
}

/** The Merkle root of the committed list (its lines in ticket order), built as the pages arrive. */
export async function committedRoot(lines: AsyncIterable<string>, count: number): Promise<string> {
  const builder = createMerkleBuilder(nodeSha256);
  for await (const line of lines) builder.add(line);
  if (builder.count !== count)
    throw new Error(`draw list: ${builder.count} tickets stored, ${count} counted`);
  return builder.root();
}

/** A committed list kept for its proofs: its lines and the roots of its wide subtrees, once computed. */
type KeptList = { lines: string[]; memo: Map<string, string> };

/**
 * The committed lists of the last few draws asked about. A closed draw's list never changes, so its first
 * proof reads it and hashes it once (seconds for a million tickets) and every later proof costs a few
 * thousand hashes: a public endpoint must not cost the whole list per request.
 */
const KEPT_LISTS = 2;
const kept = new Map<number, Promise<KeptList>>();

function keptList(drawId: number, read: () => AsyncIterable<string>, count: number): Promise<KeptList> {
  let list = kept.get(drawId);
  if (!list) {
    list = collect(read(), count).then((lines) => ({ lines, memo: new Map<string, string>() }));
    // A failed read is not kept: the next request reads again.
    list.catch(() => kept.delete(drawId));
    kept.set(drawId, list);
    while (kept.size > KEPT_LISTS) kept.delete(kept.keys().next().value as number);
  } else {
    // The most recently asked stays longest.
    kept.delete(drawId);
    kept.set(drawId, list);
  }
  return list;
}

/** A ticket's line and its path to the root (`read` gives the committed list's lines in ticket order). */
export async function proofOf(
  drawId: number,
  read: () => AsyncIterable<string>,
  count: number,
  ticketNo: number,
) {
  const { lines, memo } = await keptList(drawId, read, count);
  return { line: lines[ticketNo - 1]!, path: merkleProof(lines, ticketNo - 1, nodeSha256, memo) };
}
