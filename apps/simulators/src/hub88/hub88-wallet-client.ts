import { sign, verify, type KeyObject } from 'node:crypto';

/**
 * The provider's side of Hub88's wallet API (external-protocols.md §4.1): it calls the operator's
 * `user/balance`, `transaction/bet`, `/win` and `/rollback` with a JSON body signed RSA-SHA256 with its
 * private key (base64 in `X-Hub88-Signature`), and believes an answer only when the operator's signature
 * of the answer's exact bytes checks with the operator's public key.
 */

export const SIGNATURE_HEADER = 'x-hub88-signature';

export type WalletAction =
  'user/info' | 'user/balance' | 'transaction/bet' | 'transaction/win' | 'transaction/rollback';

export type WalletAnswer = {
  user?: string;
  status: string;
  request_uuid?: string;
  currency?: string;
  balance?: number;
};

/** One HTTP exchange, as the state page and the tests see it (the token is never shown). */
export type WalletCall = {
  action: WalletAction;
  request: Record<string, unknown>;
  /** Why the call was made: a switch's name, or 'play'. */
  purpose: string;
  at: string;
  httpStatus?: number;
  signatureValid?: boolean;
  answer?: WalletAnswer;
  /** A network failure, a timeout, or an answer that cannot be believed. */
  error?: string;
};

export type WalletClientOptions = {
  /** The operator's wallet base address, e.g. http://127.0.0.1:8080/api/provider/hub88. */
  walletUrl: string;
  privateKey: KeyObject;
  operatorPublicKey: KeyObject;
  timeoutMs: number;
  /** Every exchange is reported here (the simulator keeps the latest ones). */
  onCall: (call: WalletCall) => void;
};

export type WalletClient = {
  /**
   * Posts `body`; with `times` 2 the very same bytes go twice, as a retry after a lost answer would,
   * and the last answer counts. Resolves with the answer, or undefined when none could be believed.
   */
  post(
    action: WalletAction,
    body: Record<string, unknown>,
    options?: { times?: number; purpose?: string },
  ): Promise<WalletAnswer | undefined>;
};

function redact(body: Record<string, unknown>): Record<string, unknown> {
  return 'token' in body ? { ...body, token: '***' } : { ...body };
}

function isWalletAnswer(value: unknown): value is WalletAnswer {
  return (
    typeof value === 'object' && value !== null && typeof (value as { status?: unknown }).status === 'string'
  );
}

export function createWalletClient(options: WalletClientOptions): WalletClient {
  const base = options.walletUrl.replace(/\/+$/, '');

  async function postOnce(
    action: WalletAction,
    raw: string,
    signature: string,
    call: WalletCall,
  ): Promise<WalletAnswer | undefined> {
    try {
      const response = await fetch(`${base}/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
        body: raw,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const text = await response.text();
      call.httpStatus = response.status;
      const answerSignature = response.headers.get(SIGNATURE_HEADER);
      call.signatureValid =
        answerSignature !== null &&
        verify(
          'sha256',
          Buffer.from(text),
          options.operatorPublicKey,
          Buffer.from(answerSignature, 'base64'),
        );
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      if (isWalletAnswer(parsed)) call.answer = parsed;
      if (response.status !== 200) call.error = `HTTP ${response.status}`;
      else if (!call.signatureValid) call.error = 'the answer is not signed with the operator key';
      else if (!call.answer) call.error = 'the answer is not a wallet answer';
      return call.error === undefined ? call.answer : undefined;
    } catch (error) {
      call.error = error instanceof Error ? error.message : String(error);
      return undefined;
    }
  }

  return {
    async post(action, body, postOptions = {}) {
      const raw = JSON.stringify(body);
      const signature = sign('sha256', Buffer.from(raw), options.privateKey).toString('base64');
      let answer: WalletAnswer | undefined;
      for (let attempt = 0; attempt < (postOptions.times ?? 1); attempt += 1) {
        const call: WalletCall = {
          action,
          request: redact(body),
          purpose: attempt === 0 ? (postOptions.purpose ?? 'play') : 'retries',
          at: new Date().toISOString(),
        };
        answer = await postOnce(action, raw, signature, call);
        options.onCall(call);
      }
      return answer;
    },
  };
}
