/**
 * The public randomness of a draw: a drand beacon (docs/draws.md step 4, reference promotions-and-draws §2).
 *
 * A drand chain emits round r at genesis + (r − 1) × period seconds. Under the `bls-unchained-g1-rfc9380`
 * scheme (quicknet) round r's beacon is the BLS signature, on G1 (48 bytes compressed), of
 * SHA-256(r as 8 bytes big-endian), hashed to the curve with RFC 9380's G1 suite and the DST below, under
 * the chain's public key on G2 (96 bytes compressed). Nobody, the operator included, can compute it before
 * the League of Entropy's nodes sign the round, and anybody can check it with the pinned public key. The
 * beacon's randomness is SHA-256(signature).
 *
 * Runs unchanged in Node and in the browser (the draw verification page): pairing and hashing come from
 * @noble/curves and @noble/hashes, no `node:` import. Nothing here signs: the only signer is the beacon
 * simulator (apps/simulators), with its own test key.
 */
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** The only drand scheme we accept: signatures on G1, public key on G2, RFC 9380 hash-to-curve. */
export const BEACON_SCHEME = 'bls-unchained-g1-rfc9380';
/** RFC 9380's G1 hash-to-curve suite with BLS's NUL tag, as drand's quicknet signs. */
export const BEACON_DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';

/** What a verifier pins about a chain: enough to compute any round's time and to check its signature. */
export type BeaconChain = {
  /** The group's public key on G2: 96 bytes compressed, as 192 hex characters. */
  publicKey: string;
  /** Unix time of round 1, in seconds. */
  genesis: number;
  /** Seconds between rounds. */
  period: number;
  /** drand's hash of the chain's info (`chainHashOf`): the chain's name in drand's HTTP API. */
  chainHash: string;
  scheme: typeof BEACON_SCHEME;
};

/**
 * drand's quicknet (League of Entropy mainnet). Public key and chain hash as published in drand-client's
 * lib/defaults.ts (QUICKNET_CHAIN_INFO) and drand's common/chain/info_test.go (TestJsonFromRelay); the
 * hash is recomputed from them in beacon.test.ts.
 */
export const QUICKNET: BeaconChain = {
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  genesis: 1692803367,
  period: 3,
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  scheme: BEACON_SCHEME,
};

/**
 * The beacon simulator's chain (apps/simulators, beacon/): a TEST key whose secret is derived from a
 * constant in the simulator's source, so anyone can forge its rounds. It is here, beside QUICKNET, because
 * the server's default configuration and the verification page name it without depending on the
 * simulators; apps/simulators checks that its key and info give exactly these values. Never for real money.
 */
export const SIMULATOR_CHAIN: BeaconChain = {
  publicKey:
    'ab05a46502b0b8887a66938d61f3fdf1391b295ed6d051a1c3370d9efdecaa2393ad907a2b35104ca527a89c63291ea8148beda68a2bb36b229339a0cae17e28771165e3bf5785b26a6ef2bdde4358aca39221c7c9d67b3a7b5ea89590c13d4b',
  genesis: 1700000000,
  period: 3,
  chainHash: '7af5a9b8e5e86ca0f55491b45efcff18c974b51fb7e74d9e2323811b27e59583',
  scheme: BEACON_SCHEME,
};

/** One round as drand serves it; `randomness` is optional because it is only SHA-256(signature). */
export type Beacon = { round: number; signature: string };

function assertChainTiming(chain: BeaconChain): void {
  if (!Number.isSafeInteger(chain.genesis) || !Number.isSafeInteger(chain.period) || chain.period < 1)
    throw new TypeError('a chain needs whole seconds for genesis and a positive period');
}

/**
 * The last round emitted at or before `instantMs` (Unix milliseconds): floor((t − genesis) / period) + 1.
 * Round 1 is emitted at genesis; before genesis there is no round and the answer is 0.
 */
export function roundAt(chain: BeaconChain, instantMs: number): number {
  assertChainTiming(chain);
  if (!Number.isFinite(instantMs)) throw new TypeError('instantMs must be a finite number');
  // In whole milliseconds, so no floating-point division can put an instant in the neighbouring round.
  const sinceGenesisMs = Math.floor(instantMs) - chain.genesis * 1000;
  if (sinceGenesisMs < 0) return 0;
  return Math.floor(sinceGenesisMs / (chain.period * 1000)) + 1;
}

/** When round `round` is emitted, in Unix milliseconds: (genesis + (round − 1) × period) seconds. */
export function roundTime(chain: BeaconChain, round: number): number {
  assertChainTiming(chain);
  if (!Number.isSafeInteger(round) || round < 1) throw new TypeError('round must be a positive integer');
  return (chain.genesis + (round - 1) * chain.period) * 1000;
}

/** What round `round` signs: SHA-256 of the round as an unsigned 64-bit big-endian integer. */
export function beaconMessage(round: number): Uint8Array {
  if (!Number.isSafeInteger(round) || round < 1) throw new TypeError('round must be a positive integer');
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round), false);
  return sha256(bytes);
}

const SIGNATURE_HEX = /^[0-9a-fA-F]{96}$/;
const PUBLIC_KEY_HEX = /^[0-9a-fA-F]{192}$/;

type G2Point = ReturnType<typeof bls12_381.shortSignatures.getPublicKey>;
// Decoding a G2 key includes its subgroup check, the costliest part after the pairing; a verifier only
// ever sees one or two chains.
const decodedKeys = new Map<string, G2Point>();

function decodePublicKey(publicKeyHex: string): G2Point {
  const key = publicKeyHex.toLowerCase();
  let point = decodedKeys.get(key);
  if (!point) {
    point = bls12_381.G2.Point.fromBytes(hexToBytes(key));
    point.assertValidity();
    if (decodedKeys.size > 8) decodedKeys.clear();
    decodedKeys.set(key, point);
  }
  return point;
}

/**
 * Whether `beacon.signature` is the chain's signature of round `beacon.round`. Anything malformed (a
 * signature of the wrong length, not hex, not a point of the G1 subgroup, the point at infinity, a bad key
 * or an unknown scheme) answers false: a beacon is either proven or refused, never an exception.
 */
export function verifyBeacon(chain: BeaconChain, beacon: Beacon): boolean {
  try {
    if (chain.scheme !== BEACON_SCHEME) return false;
    if (!PUBLIC_KEY_HEX.test(chain.publicKey)) return false;
    if (!Number.isSafeInteger(beacon.round) || beacon.round < 1) return false;
    if (typeof beacon.signature !== 'string' || !SIGNATURE_HEX.test(beacon.signature)) return false;
    const signatures = bls12_381.shortSignatures;
    const hashedMessage = signatures.hash(beaconMessage(beacon.round), BEACON_DST);
    return signatures.verify(
      hexToBytes(beacon.signature.toLowerCase()),
      hashedMessage,
      decodePublicKey(chain.publicKey),
    );
  } catch {
    return false;
  }
}

/** The beacon's randomness: SHA-256 of the signature's bytes, as 64 lowercase hex characters. */
export function beaconRandomness(signatureHex: string): string {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(signatureHex)) throw new TypeError('signature must be hex bytes');
  return bytesToHex(sha256(hexToBytes(signatureHex.toLowerCase())));
}

/** The parts of drand's chain info its hash covers. */
export type ChainInfoParts = {
  publicKey: string;
  genesis: number;
  period: number;
  /** The group hash (drand's genesis seed), hex. */
  groupHash: string;
  /** `metadata.beaconID`; `default` (or empty) is left out of the hash, as drand does. */
  beaconId: string;
};

/**
 * drand's chain hash (common/chain/info.go, Info.Hash): SHA-256 of the period as uint32 big-endian, the
 * genesis time as int64 big-endian, the public key's bytes, the group hash's bytes and, for a beacon id
 * other than `default`, the id's UTF-8 bytes.
 */
export function chainHashOf(info: ChainInfoParts): string {
  const header = new Uint8Array(12);
  const view = new DataView(header.buffer);
  view.setUint32(0, info.period, false);
  view.setBigInt64(4, BigInt(info.genesis), false);
  const id =
    info.beaconId === '' || info.beaconId === 'default' ? new Uint8Array(0) : utf8ToBytes(info.beaconId);
  const parts = [
    header,
    hexToBytes(info.publicKey.toLowerCase()),
    hexToBytes(info.groupHash.toLowerCase()),
    id,
  ];
  const hash = sha256.create();
  for (const part of parts) hash.update(part);
  return bytesToHex(hash.digest());
}
