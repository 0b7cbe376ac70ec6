import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A Smile ID style identity-verification API (Biometric KYC: an ID number looked up at the issuing authority,
 * and a selfie or a liveness frame compared to the authority's photo), as the server's adapter
 * (apps/server/src/adapters/identity/smile-identity.ts) speaks it. One synchronous JSON call; the
 * signature is Smile ID's v2 scheme: base64(HMAC-SHA256(api key, timestamp + partner id + "sid_request")),
 * on the request and on the answer alike.
 *
 * The shapes follow Smile ID's published REST fields (partner_params, id_info, images with image_type_id,
 * ResultCode/ResultText/Actions); its real Biometric KYC uploads a zip and answers by callback, which this
 * synchronous variant folds into one call. The result codes are ours where the provider's table is not
 * public: check them against the contract's when one is signed (docs/compliance.md).
 */

export const BIOMETRIC_KYC_PATH = '/v1/biometric_kyc';
/** The simulator's switches (tests and testers): `{ outage: true }` answers 503 to every call. */
export const IDENTITY_CONTROL_PATH = '/__control/identity';

/** Smile ID's job type for Biometric KYC. */
export const BIOMETRIC_KYC_JOB_TYPE = 1;
/** Image types: 2 a selfie as base64, 6 a liveness frame as base64. */
export const IMAGE_TYPE = { selfie: 2, liveness: 6 } as const;

export type BiometricKycRequest = {
  partner_id: string;
  timestamp: string;
  signature: string;
  source_sdk: 'rest_api';
  source_sdk_version: string;
  partner_params: { job_id: string; user_id: string; job_type: number };
  id_info: {
    /** ISO 3166 alpha-2: KE, BR, … */
    country: string;
    /** NATIONAL_ID, ALIEN_CARD, PASSPORT, CPF, … */
    id_type: string;
    id_number: string;
    first_name: string;
    last_name: string;
    /** yyyy-mm-dd */
    dob: string;
  };
  images: { image_type_id: number; image: string }[];
};

export const RESULT = {
  exactMatch: { code: '1020', text: 'Exact Match' },
  noMatch: { code: '1022', text: 'No Match' },
  duplicate: { code: '1023', text: 'Duplicate User Detected' },
  authorityUnavailable: { code: '1015', text: 'ID Authority Unavailable' },
} as const;

export type BiometricKycResponse = {
  SmileJobID: string;
  PartnerParams: BiometricKycRequest['partner_params'];
  ResultType: 'ID Verification';
  ResultCode: string;
  ResultText: string;
  Actions: {
    Verify_ID_Number: 'Verified' | 'Not Verified' | 'Issuer Unavailable';
    Selfie_To_ID_Authority_Compare: 'Completed' | 'Failed' | 'Not Applicable';
    Liveness_Check: 'Passed' | 'Failed' | 'Not Applicable';
    Return_Personal_Info: 'Returned' | 'Not Returned';
  };
  /** The authority's record: the date of birth (yyyy-mm-dd) and the name, when returned. */
  DOB: string | null;
  FullName: string | null;
  timestamp: string;
  signature: string;
};

export function smileSignature(apiKey: string, partnerId: string, timestamp: string): string {
  return createHmac('sha256', apiKey).update(`${timestamp}${partnerId}sid_request`).digest('base64');
}

export function isSmileSignature(
  apiKey: string,
  partnerId: string,
  timestamp: string,
  signature: string,
): boolean {
  const expected = Buffer.from(smileSignature(apiKey, partnerId, timestamp));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
