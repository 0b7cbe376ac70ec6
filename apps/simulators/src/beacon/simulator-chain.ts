import { BEACON_DST, beaconMessage, beaconRandomness, SIMULATOR_CHAIN } from '@app/fair/beacon';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256, sha384 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The simulator's drand chain. Its secret key is a TEST key, derived from the constant below, so anyone
 * reading this file can sign its rounds: it stands in for the League of Entropy where there is no
 * internet, and must never decide a draw for real money (the server names it BEACON_CHAIN=simulator).
 * Its public description is SIMULATOR_CHAIN in packages/fair/src/beacon.ts; the tests check that this key
 * and this info give exactly that key and chain hash.
 */
const TEST_KEY_SEED = 'winslots drand simulator TEST KEY: public, never for real money';
/** drand's "genesis seed" (groupHash) is the hash of its first group; ours is the hash of a fixed text. */
const GROUP_SEED = 'winslots drand simulator genesis';

const signatures = bls12_381.shortSignatures;
const { secretKey } = signatures.keygen(sha384(utf8ToBytes(TEST_KEY_SEED)));

export const SIMULATOR_GROUP_HASH = bytesToHex(sha256(utf8ToBytes(GROUP_SEED)));
/** The beacon id in the info's metadata, as quicknet's: it is also part of the chain hash. */
export const SIMULATOR_BEACON_ID = 'quicknet';

/** The chain's info exactly as drand's v1 HTTP API serves it (`GET /{chainHash}/info`). */
export const SIMULATOR_CHAIN_INFO = {
  public_key: SIMULATOR_CHAIN.publicKey,
  period: SIMULATOR_CHAIN.period,
  genesis_time: SIMULATOR_CHAIN.genesis,
  hash: SIMULATOR_CHAIN.chainHash,
  groupHash: SIMULATOR_GROUP_HASH,
  schemeID: SIMULATOR_CHAIN.scheme,
  metadata: { beaconID: SIMULATOR_BEACON_ID },
} as const;

/** The public key the test key really has (compared with SIMULATOR_CHAIN.publicKey by the tests). */
export function simulatorPublicKey(): string {
  return signatures.getPublicKey(secretKey).toHex();
}

/** A round as drand's v1 API answers it. */
export type DrandRound = { round: number; randomness: string; signature: string };

const signed = new Map<number, DrandRound>();
const MAX_CACHED_ROUNDS = 10_000;

/**
 * Round `round` signed with the test key, as the chain would publish it. Also for tests that need a
 * beacon without the HTTP simulator (a draw's settlement, the verification page).
 */
export function signSimulatorRound(round: number): DrandRound {
  let beacon = signed.get(round);
  if (!beacon) {
    const signature = signatures.sign(signatures.hash(beaconMessage(round), BEACON_DST), secretKey).toHex();
    beacon = { round, randomness: beaconRandomness(signature), signature };
    // Rounds are signed on demand and kept: a relay is asked for the same few rounds again and again.
    if (signed.size >= MAX_CACHED_ROUNDS) signed.clear();
    signed.set(round, beacon);
  }
  return beacon;
}
