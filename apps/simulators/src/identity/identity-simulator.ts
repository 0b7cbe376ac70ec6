import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import {
  BIOMETRIC_KYC_JOB_TYPE,
  BIOMETRIC_KYC_PATH,
  IDENTITY_CONTROL_PATH,
  IMAGE_TYPE,
  isSmileSignature,
  RESULT,
  smileSignature,
  type BiometricKycRequest,
  type BiometricKycResponse,
} from './identity-protocol.ts';

export type IdentitySimulatorOptions = {
  partnerId: string;
  apiKey: string;
  logger?: boolean;
};

/** What the simulator answers, chosen by the ID number (`answerFor`). */
export type IdentityAnswer = 'match' | 'mismatch' | 'under-age' | 'duplicate' | 'unavailable';

/**
 * The answer is chosen by test data, the deciding digit of the ID number: its last digit, or for a CPF
 * (11 digits, the last two being check digits) its ninth. 1: the selfie does not match the authority's
 * photo; 2: the authority's date of birth is 17 years ago; 3: the face is enrolled under another user;
 * 4: the authority is unavailable; any other digit: an exact match.
 */
export function answerFor(idType: string, idNumber: string): IdentityAnswer {
  const digits = idNumber.replace(/\D/g, '');
  const deciding = idType === 'CPF' && digits.length === 11 ? digits[8] : digits.at(-1);
  switch (deciding) {
    case '1':
      return 'mismatch';
    case '2':
      return 'under-age';
    case '3':
      return 'duplicate';
    case '4':
      return 'unavailable';
    default:
      return 'match';
  }
}

function yearsAgo(years: number, now = new Date()): string {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}

function isBase64Image(text: string): boolean {
  return text.length >= 16 && /^[A-Za-z0-9+/]+=*$/.test(text);
}

/**
 * The verification service as a Fastify plugin: `POST /v1/biometric_kyc` (identity-protocol.ts) and its
 * switch at `/__control/identity` (`{ outage: true }`: every call answers 503 until switched back).
 */
export const identitySimulatorPlugin: FastifyPluginAsync<IdentitySimulatorOptions> = async (app, options) => {
  const state = { outage: false, jobs: 0 };

  app.post(IDENTITY_CONTROL_PATH, async (request) => {
    const body = (request.body ?? {}) as { outage?: unknown };
    if (typeof body.outage === 'boolean') state.outage = body.outage;
    return { outage: state.outage };
  });

  app.post(BIOMETRIC_KYC_PATH, async (request, reply) => {
    const body = request.body as Partial<BiometricKycRequest> | undefined;
    if (state.outage) return reply.code(503).send({ error: 'Service unavailable', code: '2405' });
    if (
      !body ||
      body.partner_id !== options.partnerId ||
      typeof body.timestamp !== 'string' ||
      typeof body.signature !== 'string' ||
      !isSmileSignature(options.apiKey, options.partnerId, body.timestamp, body.signature)
    ) {
      return reply.code(401).send({ error: 'Invalid signature', code: '2205' });
    }
    const info = body.id_info;
    const params = body.partner_params;
    const image = body.images?.find(
      (candidate) =>
        candidate.image_type_id === IMAGE_TYPE.selfie || candidate.image_type_id === IMAGE_TYPE.liveness,
    );
    if (
      !info?.country ||
      !info.id_type ||
      !info.id_number ||
      !params?.job_id ||
      !params.user_id ||
      params.job_type !== BIOMETRIC_KYC_JOB_TYPE
    ) {
      return reply.code(400).send({ error: 'Missing id_info or partner_params', code: '2213' });
    }
    if (!image || !isBase64Image(image.image)) {
      return reply.code(400).send({ error: 'A selfie or liveness image is required', code: '2214' });
    }

    const answer = answerFor(info.id_type, info.id_number);
    const result = {
      match: RESULT.exactMatch,
      'under-age': RESULT.exactMatch,
      mismatch: RESULT.noMatch,
      duplicate: RESULT.duplicate,
      unavailable: RESULT.authorityUnavailable,
    }[answer];
    const reached = answer !== 'unavailable';
    const liveness = image.image_type_id === IMAGE_TYPE.liveness;
    state.jobs += 1;
    const timestamp = new Date().toISOString();
    const response: BiometricKycResponse = {
      SmileJobID: String(state.jobs).padStart(10, '0'),
      PartnerParams: params,
      ResultType: 'ID Verification',
      ResultCode: result.code,
      ResultText: result.text,
      Actions: {
        Verify_ID_Number: reached ? 'Verified' : 'Issuer Unavailable',
        Selfie_To_ID_Authority_Compare: !reached
          ? 'Not Applicable'
          : answer === 'mismatch'
            ? 'Failed'
            : 'Completed',
        Liveness_Check: liveness ? (reached ? 'Passed' : 'Not Applicable') : 'Not Applicable',
        Return_Personal_Info: reached ? 'Returned' : 'Not Returned',
      },
      // The authority's date of birth: 17 years ago for the under-age answer, else the one given.
      DOB: !reached ? null : answer === 'under-age' ? yearsAgo(17) : info.dob || yearsAgo(30),
      FullName: reached ? `${info.first_name ?? ''} ${info.last_name ?? ''}`.trim() : null,
      timestamp,
      signature: smileSignature(options.apiKey, options.partnerId, timestamp),
    };
    return response;
  });
};

/** A Fastify instance running only the identity simulator, not listening: `inject` it or `listen({ port: 0 })`. */
export function createIdentitySimulator(options: IdentitySimulatorOptions): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 2 * 1024 * 1024 });
  void app.register(identitySimulatorPlugin, options);
  return app;
}
