import { createIdentitySimulator } from '@app/simulators/identity/identity-simulator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityCheck } from './identity-verifier.ts';
import { createSmileIdentityVerifier } from './smile-identity.ts';

const PARTNER = { partnerId: 'partner-7', apiKey: 'identity-test-key' };

let simulator: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  simulator = createIdentitySimulator(PARTNER);
  baseUrl = await simulator.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => simulator?.close());

const check = (idNumber: string, overrides: Partial<IdentityCheck> = {}): IdentityCheck => ({
  jobId: `job-${idNumber}`,
  userId: 'member-1',
  country: 'KE',
  idType: 'NATIONAL_ID',
  idNumber,
  firstName: 'Wanjiku',
  lastName: 'Otieno',
  dateOfBirth: '1990-03-05',
  photo: { kind: 'selfie', base64: 'iVBORw0KGgoAAAANSUhEUgAAAAE' },
  ...overrides,
});

describe('the Smile ID style adapter against the simulator', () => {
  const verifier = () => createSmileIdentityVerifier({ baseUrl, ...PARTNER });

  it('reads each of the simulator’s answers, chosen by the deciding digit', async () => {
    expect(await verifier().verify(check('12345670'))).toMatchObject({
      outcome: 'match',
      dateOfBirth: '1990-03-05',
      resultCode: '1020',
    });
    expect(await verifier().verify(check('12345671'))).toMatchObject({
      outcome: 'mismatch',
      resultCode: '1022',
    });
    const underAge = await verifier().verify(check('12345672'));
    expect(underAge.outcome).toBe('match');
    const seventeen = new Date().getUTCFullYear() - 17;
    expect(underAge.outcome === 'match' && underAge.dateOfBirth?.slice(0, 4)).toBe(String(seventeen));
    expect(await verifier().verify(check('12345673'))).toMatchObject({
      outcome: 'duplicate',
      resultCode: '1023',
    });
    expect(await verifier().verify(check('12345674'))).toMatchObject({ outcome: 'unavailable' });
    // A CPF is decided by its ninth digit (the last two are check digits), with a liveness frame.
    const cpf = await verifier().verify(
      check('12345678109', {
        country: 'BR',
        idType: 'CPF',
        photo: { kind: 'liveness', base64: 'iVBORw0KGgoAAAANSUhEUgAAAAE' },
      }),
    );
    expect(cpf).toMatchObject({ outcome: 'mismatch' });
  });

  it('never reads an answer it cannot trust as a verification: wrong key, outage, no service', async () => {
    const wrongKey = createSmileIdentityVerifier({ baseUrl, partnerId: PARTNER.partnerId, apiKey: 'other' });
    expect(await wrongKey.verify(check('12345670'))).toMatchObject({
      outcome: 'unavailable',
      detail: 'HTTP 401',
    });

    await fetch(`${baseUrl}/__control/identity`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outage: true }),
    });
    try {
      expect(await verifier().verify(check('12345670'))).toMatchObject({
        outcome: 'unavailable',
        detail: 'HTTP 503',
      });
    } finally {
      await fetch(`${baseUrl}/__control/identity`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ outage: false }),
      });
    }

    // An answer whose signature does not check (forged, or another partner's) verifies nobody.
    const forged = createSmileIdentityVerifier({
      baseUrl,
      ...PARTNER,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        const body = (await response.json()) as Record<string, unknown>;
        return Response.json({ ...body, signature: 'forged' });
      },
    });
    expect(await forged.verify(check('12345670'))).toMatchObject({ outcome: 'unavailable' });

    const nowhere = createSmileIdentityVerifier({ baseUrl: 'http://127.0.0.1:9', ...PARTNER });
    expect(await nowhere.verify(check('12345670'))).toMatchObject({ outcome: 'unavailable' });
  });
});
