import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { describeNetworkError } from '../network-error.ts';
import type { IdentityCheck, IdentityResult, IdentityVerifier } from './identity-verifier.ts';

/**
 * A Smile ID style Biometric KYC client (apps/simulators/src/identity/identity-protocol.ts describes the
 * protocol): `POST /v1/biometric_kyc` with the ID, the member's names and date of birth and one image,
 * signed with the partner's API key; the answer is signed the same way and is trusted only when its
 * signature checks. The result codes are the protocol's as modelled (docs/compliance.md): 1020 exact match,
 * 1022 no match, 1023 duplicate user, 1015 the ID authority unavailable.
 */
export type SmileIdentityOptions = {
  /** The service's address (https://api.smileidentity.com in production; the simulator by default). */
  baseUrl: string;
  partnerId: string;
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 20_000;
const BIOMETRIC_KYC_JOB_TYPE = 1;
const IMAGE_TYPE = { selfie: 2, liveness: 6 } as const;

const ResponseSchema = z.object({
  SmileJobID: z.string(),
  ResultCode: z.string(),
  ResultText: z.string(),
  Actions: z.record(z.string(), z.string()),
  DOB: z.string().nullable().optional(),
  timestamp: z.string(),
  signature: z.string(),
});

function signature(apiKey: string, partnerId: string, timestamp: string): string {
  return createHmac('sha256', apiKey).update(`${timestamp}${partnerId}sid_request`).digest('base64');
}

function signedBy(apiKey: string, partnerId: string, timestamp: string, given: string): boolean {
  const expected = Buffer.from(signature(apiKey, partnerId, timestamp));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export function createSmileIdentityVerifier(options: SmileIdentityOptions): IdentityVerifier {
  const send = options.fetch ?? fetch;
  const url = new URL('/v1/biometric_kyc', options.baseUrl).toString();
  return {
    async verify(check: IdentityCheck): Promise<IdentityResult> {
      const timestamp = new Date().toISOString();
      const body = {
        partner_id: options.partnerId,
        timestamp,
        signature: signature(options.apiKey, options.partnerId, timestamp),
        source_sdk: 'rest_api',
        source_sdk_version: '1.0.0',
        partner_params: { job_id: check.jobId, user_id: check.userId, job_type: BIOMETRIC_KYC_JOB_TYPE },
        id_info: {
          country: check.country,
          id_type: check.idType,
          id_number: check.idNumber,
          first_name: check.firstName,
          last_name: check.lastName,
          dob: check.dateOfBirth,
        },
        images: [{ image_type_id: IMAGE_TYPE[check.photo.kind], image: check.photo.base64 }],
      };
      let response: Response;
      try {
        response = await send(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
        });
      } catch (error) {
        return { outcome: 'unavailable', detail: describeNetworkError(error) };
      }
      if (!response.ok) return { outcome: 'unavailable', detail: `HTTP ${response.status}` };
      const parsed = ResponseSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) return { outcome: 'unavailable', detail: 'unreadable answer' };
      const answer = parsed.data;
      // An answer we cannot prove came from the service verifies nobody.
      if (!signedBy(options.apiKey, options.partnerId, answer.timestamp, answer.signature)) {
        return { outcome: 'unavailable', detail: 'answer signature does not check' };
      }
      const reference = { providerRef: answer.SmileJobID, resultCode: answer.ResultCode };
      switch (answer.ResultCode) {
        case '1020':
          return { outcome: 'match', dateOfBirth: answer.DOB ?? null, ...reference };
        case '1022':
          return { outcome: 'mismatch', ...reference };
        case '1023':
          return { outcome: 'duplicate', ...reference };
        default:
          return { outcome: 'unavailable', detail: `result ${answer.ResultCode} ${answer.ResultText}` };
      }
    },
  };
}
