import { mkdtempSync, rmSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, FEEDBACK_PATHS, MEMBER_PATHS } from '@app/contracts/paths';
import { depositByMpesa, depositOrder, newMember } from '../../../../test/factory.ts';
import { startTestS3, type TestS3 } from '../../../../test/s3-server.ts';
import { createTestFleet, type TestApp, type TestFleet } from '../../../../test/test-app.ts';
import { PNG, postMultipart } from '../../../../test/uploads.ts';

/**
 * Two instances of one casino (one database, requests landing on either), sharing their uploads as
 * docs/deployment.md says a fleet does: an upload taken by one instance is served by the other, and private
 * images keep their checks wherever they are asked for.
 */
type Place = {
  env: Record<string, string>;
  /** Whether the place itself holds `key`, read around the app: where an instance started later finds it. */
  holds(key: string): Promise<boolean>;
  close(): Promise<void>;
};
type Mode = { name: string; start(): Promise<Place> };

const MODES: Mode[] = [
  {
    name: 'one folder every instance mounts (UPLOAD_DIR)',
    start: async () => {
      const folder = mkdtempSync(path.join(tmpdir(), 'shared-uploads-'));
      return {
        env: { UPLOAD_DIR: folder },
        // The folder's layout is the one single servers have always had.
        holds: (key) =>
          access(path.join(folder, key)).then(
            () => true,
            () => false,
          ),
        close: async () => rmSync(folder, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'an S3-compatible bucket (UPLOAD_S3_*, a real s3rver)',
    start: async () => {
      const s3: TestS3 = await startTestS3();
      return {
        ...s3,
        holds: async (key) => (await fetch(`${s3.endpoint}/${s3.bucket}/${key}`)).status === 200,
      };
    },
  },
];

describe.each(MODES)('uploads kept in $name', (mode) => {
  let place: Place;
  let fleet: TestFleet;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    place = await mode.start();
    fleet = await createTestFleet(2, place.env);
    [first, second] = fleet.instances as [TestApp, TestApp];
  });
  afterAll(async () => {
    await fleet?.close();
    await place?.close();
  });

  const get = (instance: TestApp, url: string, headers: Record<string, string> = {}) =>
    instance.app.inject({ method: 'GET', url, headers });

  it('an avatar uploaded on one instance is served by all, cached and never sniffed', async () => {
    const { token } = await newMember(first);
    const uploaded = await postMultipart(first, MEMBER_PATHS.modifyImg, token, [{ name: 'file', file: PNG }]);
    expect(uploaded.code).toBe(0);
    const url: string = uploaded.data.img;
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);

    for (const instance of [second, first]) {
      const served = await get(instance, url);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG)).toBe(true);
      expect(served.headers).toMatchObject({
        'content-type': 'image/png',
        'cache-control': 'public, max-age=31536000, immutable',
        'content-security-policy': "default-src 'none'",
        'x-content-type-options': 'nosniff',
      });
    }
    expect(await place.holds(url.slice('/uploads/'.length))).toBe(true);
    expect((await get(second, `/uploads/${'0'.repeat(32)}.png`)).statusCode).toBe(404);
  });

  it('an appeal proof sent to one instance is shown by another to its member only, never at /uploads/', async () => {
    const owner = await newMember(first);
    // A deposit M-Pesa has not confirmed (the prompt left unanswered): what a member appeals.
    const transNo = await depositByMpesa(first, owner, 50_000, { until: 'prompted' });
    const orderId = (await depositOrder(first, transNo)).id;
    const appeal = await postMultipart(first, FEEDBACK_PATHS.submitDepositAppeal, owner.token, [
      { name: 'orderId', value: String(orderId) },
      { name: 'content', value: 'I paid and got the M-PESA message' },
      { name: 'file', file: PNG },
    ]);
    expect(appeal.code).toBe(0);
    const [proofUrl] = appeal.data.images as string[];
    expect(proofUrl).toMatch(new RegExp(`^${API_BASE}/account-service/feedback/images/[0-9a-f]{32}\\.png$`));
    const name = proofUrl!.slice(proofUrl!.lastIndexOf('/') + 1);
    expect(await place.holds(`private/${name}`)).toBe(true);
    expect(await place.holds(name)).toBe(false);

    const own = await get(second, proofUrl!, { token: owner.token });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PNG)).toBe(true);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect((await get(second, proofUrl!)).statusCode).toBe(401);
    const stranger = await newMember(second);
    expect((await get(second, proofUrl!, { token: stranger.token })).statusCode).toBe(404);
    for (const instance of [first, second]) {
      expect((await get(instance, `/uploads/${name}`)).statusCode).toBe(404);
      expect((await get(instance, `/uploads/private%2F${name}`)).statusCode).toBe(404);
    }
  });
});
