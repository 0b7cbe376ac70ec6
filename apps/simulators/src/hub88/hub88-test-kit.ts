import { createHash, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Shared by the provider simulator's tests: a small operator wallet that speaks Hub88's protocol (checks
 * the provider's signature on the raw body, signs its answers, keeps a balance, replays, duplicates,
 * tombstones), so the simulator's calls are tested over real HTTP without the server.
 */

/** The user the fake operator names when a balance read does not say. */
export const FAKE_USER = '000123';

const pem = (key: KeyObject, type: 'spki' | 'pkcs8') => key.export({ type, format: 'pem' }).toString();

export function makeKeys() {
  const provider = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const operator = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    provider,
    operator,
    simulatorPems: {
      privateKeyPem: pem(provider.privateKey, 'pkcs8'),
      operatorPublicKeyPem: pem(operator.publicKey, 'spki'),
    },
  };
}

export type ReceivedCall = {
  action: string;
  raw: string;
  body: Record<string, unknown>;
  signatureValid: boolean;
  status: string;
};

export type FakeOperator = {
  /** The wallet base address to give the simulator. */
  url: string;
  received: ReceivedCall[];
  /** Hub88 units. */
  balance: number;
  /** Sign answers with a wrong key from now on (the simulator must not believe them). */
  forgeAnswers: boolean;
  close(): Promise<void>;
};

let forger: KeyObject | undefined;
/** A key that is not the operator's, made once (RSA key generation is slow). */
function forgerKey(): KeyObject {
  forger ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  return forger;
}

type Transaction = {
  kind: string;
  hash: string;
  amount: number;
  state: 'done' | 'rolled_back' | 'tombstone';
};

export async function startFakeOperator(
  keys: ReturnType<typeof makeKeys>,
  balance: number,
): Promise<FakeOperator> {
  const transactions = new Map<string, Transaction>();
  const wins = new Set<string>();
  const state: FakeOperator = {
    url: '',
    received: [],
    balance,
    forgeAnswers: false,
    close: async () => undefined,
  };

  const hashOf = (body: Record<string, unknown>) =>
    createHash('sha256')
      .update(
        JSON.stringify([body.user, body.amount, body.currency, body.round, body.reference_transaction_uuid]),
      )
      .digest('hex');

  function answer(action: string, body: Record<string, unknown>): string {
    const uuid = String(body.transaction_uuid ?? '');
    const amount = Number(body.amount ?? 0);
    const existing = transactions.get(uuid);
    const kind = action.split('/')[1] ?? '';
    if (action === 'user/balance' || action === 'user/info') return 'RS_OK';
    if (existing) {
      if (existing.state === 'tombstone')
        return kind === 'bet' ? 'RS_ERROR_TRANSACTION_ROLLED_BACK' : 'RS_ERROR_DUPLICATE_TRANSACTION';
      if (existing.kind !== kind || existing.hash !== hashOf(body)) return 'RS_ERROR_DUPLICATE_TRANSACTION';
      return existing.state === 'rolled_back' ? 'RS_ERROR_TRANSACTION_ROLLED_BACK' : 'RS_OK';
    }
    const reference = String(body.reference_transaction_uuid ?? '');
    if (kind === 'bet') {
      if (amount > state.balance) return 'RS_ERROR_NOT_ENOUGH_MONEY';
      state.balance -= amount;
      transactions.set(uuid, { kind, hash: hashOf(body), amount, state: 'done' });
      return 'RS_OK';
    }
    const bet = transactions.get(reference);
    if (kind === 'win') {
      if (!bet || bet.kind !== 'bet') return 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST';
      if (bet.state !== 'done') return 'RS_ERROR_TRANSACTION_ROLLED_BACK';
      state.balance += amount;
      wins.add(reference);
      transactions.set(uuid, { kind, hash: hashOf(body), amount, state: 'done' });
      return 'RS_OK';
    }
    transactions.set(uuid, { kind, hash: hashOf(body), amount: 0, state: 'done' });
    if (!bet) {
      transactions.set(reference, { kind: 'bet', hash: '', amount: 0, state: 'tombstone' });
      return 'RS_OK';
    }
    if (wins.has(reference)) return 'RS_ERROR_UNKNOWN';
    if (bet.state === 'done') {
      bet.state = 'rolled_back';
      state.balance += bet.amount;
    }
    return 'RS_OK';
  }

  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  const server = createServer((request, response) => {
    void readBody(request).then((raw) => {
      const action = (request.url ?? '').replace(/^\/wallet\//, '');
      const signature = String(request.headers['x-hub88-signature'] ?? '');
      const signatureValid = verify(
        'sha256',
        Buffer.from(raw),
        keys.provider.publicKey,
        Buffer.from(signature, 'base64'),
      );
      const body = JSON.parse(raw) as Record<string, unknown>;
      const status = signatureValid ? answer(action, body) : 'RS_ERROR_INVALID_SIGNATURE';
      state.received.push({ action, raw, body, signatureValid, status });
      const text = JSON.stringify({
        user: body.user ?? FAKE_USER,
        status,
        request_uuid: body.request_uuid,
        currency: 'KES',
        balance: state.balance,
      });
      const key = state.forgeAnswers ? forgerKey() : keys.operator.privateKey;
      response
        .writeHead(200, {
          'content-type': 'application/json',
          'x-hub88-signature': sign('sha256', Buffer.from(text), key).toString('base64'),
        })
        .end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}/wallet`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      // fetch keeps connections alive; without this close() waits for them to time out.
      server.closeAllConnections();
    });
  return state;
}
