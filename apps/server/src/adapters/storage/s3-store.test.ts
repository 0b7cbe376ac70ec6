import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../../test/s3-server.ts';
import { PNG } from '../../../test/uploads.ts';
import { createS3Store, objectUrl, type S3StoreSettings } from './s3-store.ts';

let s3: TestS3;
let settings: S3StoreSettings;

beforeAll(async () => {
  s3 = await startTestS3();
  settings = {
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: s3.bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    pathStyle: true,
  };
});
afterAll(async () => {
  await s3?.close();
});

describe('the S3 store, against a real S3-compatible server', () => {
  it('keeps a file and gives the same bytes back, under its folder part too', async () => {
    const store = createS3Store(settings);
    await store.put('0123abcd.png', PNG, 'image/png');
    await store.put('private/0123abcd.png', Buffer.from('another file'), 'image/png');
    expect((await store.get('0123abcd.png'))?.equals(PNG)).toBe(true);
    expect((await store.get('private/0123abcd.png'))?.toString()).toBe('another file');
    // The object is in the bucket itself, with the type it was given (s3rver answers unsigned reads too).
    const direct = await fetch(`${s3.endpoint}/${s3.bucket}/0123abcd.png`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-type')).toBe('image/png');
  });

  it('answers undefined for a key with nothing under it', async () => {
    expect(await createS3Store(settings).get('ffffffff.png')).toBeUndefined();
  });

  it('fails loudly, never as a missing file, when the bucket or the keys are wrong', async () => {
    const noBucket = createS3Store({ ...settings, bucket: 'no-such-bucket' });
    await expect(noBucket.get('0123abcd.png')).rejects.toThrow(/404 NoSuchBucket/);
    await expect(noBucket.put('0123abcd.png', PNG, 'image/png')).rejects.toThrow(/NoSuchBucket/);
    const strangerKeys = createS3Store({ ...settings, accessKeyId: 'SOMEONE-ELSE' });
    await expect(strangerKeys.get('0123abcd.png')).rejects.toThrow(/403 InvalidAccessKeyId/);
    await expect(strangerKeys.put('new.png', PNG, 'image/png')).rejects.toThrow(/403 InvalidAccessKeyId/);
    // Nothing listens there: the error, not a quiet 404.
    const closed = createS3Store({ ...settings, endpoint: 'http://127.0.0.1:9' });
    await expect(closed.get('0123abcd.png')).rejects.toThrow();
  });

  it('refuses a key that could reach outside its place, before any request', async () => {
    const store = createS3Store(settings);
    for (const key of ['../x.png', 'private/../../x.png', '/x.png', 'a b.png', '']) {
      await expect(store.get(key), key).rejects.toThrow(/not a file store key/);
    }
  });
});

describe('object addresses', () => {
  const base: S3StoreSettings = {
    endpoint: undefined,
    region: 'eu-west-1',
    bucket: 'uploads',
    accessKeyId: 'id',
    secretAccessKey: 'secret',
    pathStyle: false,
  };

  it("are Amazon S3's virtual-hosted ones in the region when no endpoint is given", () => {
    expect(objectUrl(base, 'private/a.png').toString()).toBe(
      'https://uploads.s3.eu-west-1.amazonaws.com/private/a.png',
    );
  });

  it('put the bucket in the path with path style, after any path the endpoint has', () => {
    const minio = { ...base, endpoint: 'http://minio.internal:9000', pathStyle: true };
    expect(objectUrl(minio, 'a.png').toString()).toBe('http://minio.internal:9000/uploads/a.png');
    const behindProxy = { ...minio, endpoint: 'https://files.example.com/s3/' };
    expect(objectUrl(behindProxy, 'a.png').toString()).toBe('https://files.example.com/s3/uploads/a.png');
    const hosted = { ...base, endpoint: 'https://r2.example.com' };
    expect(objectUrl(hosted, 'a.png').toString()).toBe('https://uploads.r2.example.com/a.png');
  });
});
