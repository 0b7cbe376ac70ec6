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

/** A ticket's line and its path to the root. */
export async function proofOf(lines: AsyncIterable<string>, count: number, ticketNo: number) {
  const all = await collect(lines, count);
  return { line: all[ticketNo - 1]!, path: merkleProof(all, ticketNo - 1, nodeSha256) };
}
