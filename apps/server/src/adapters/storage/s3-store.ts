import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { checkedKey, type FileStore } from './file-store.ts';

export type S3StoreSettings = {
  /** The service's address (MinIO, R2, Spaces, Ceph…); unset: Amazon S3's own in `region`. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `{endpoint}/{bucket}/{key}` rather than `{bucket}.{endpoint host}/{key}`: most self-hosted services want it. */
  pathStyle: boolean;
  /** How long one request may take before the upload or the image answers an error. */
  timeoutMs?: number;
};

/** The address of an object, path-style or virtual-hosted as the settings say. */
export function objectUrl(settings: S3StoreSettings, key: string): URL {
  const url = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
  const basePath = url.pathname.replace(/\/+$/, '');
  if (settings.pathStyle) {
    url.pathname = `${basePath}/${settings.bucket}/${checkedKey(key)}`;
  } else {
    url.hostname = `${settings.bucket}.${url.hostname}`;
    url.pathname = `${basePath}/${checkedKey(key)}`;
  }
  return url;
}

/** S3's error code from its XML answer (`NoSuchKey`, `AccessDenied`…), or the status alone. */
async function errorCodeOf(response: Response): Promise<string> {
  const body = await response.text().catch(() => '');
  return body.match(/<Code>([^<]{1,100})<\/Code>/)?.[1] ?? `HTTP ${response.status}`;
}

/**
 * Files in an S3-compatible bucket, so every instance of a fleet serves every upload. Requests are signed
 * with AWS Signature Version 4 (aws4fetch) over Node's own fetch: two object calls need no full SDK.
 * The payload's SHA-256 is signed too, so a body changed on the way is refused by the service.
 */
export function createS3Store(settings: S3StoreSettings): FileStore {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region,
    // A throttled (429) or failing (5xx) service is tried twice more after a short pause, then the error shows.
    retries: 2,
  });
  const timeoutMs = settings.timeoutMs ?? 10_000;
  const failure = async (method: string, key: string, response: Response) =>
    new Error(
      `S3 ${method} ${settings.bucket}/${key} answered ${response.status} ${await errorCodeOf(response)}`,
    );

  return {
    location: `s3 bucket ${settings.bucket} at ${objectUrl(settings, 'key').origin}`,
    async put(key, content, contentType) {
      const response = await client.fetch(objectUrl(settings, key), {
        method: 'PUT',
        body: new Uint8Array(content),
        headers: {
          'content-type': contentType,
          'x-amz-content-sha256': createHash('sha256').update(content).digest('hex'),
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw await failure('PUT', key, response);
      await response.body?.cancel();
    },
    async get(key) {
      const response = await client.fetch(objectUrl(settings, key), {
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.ok) return Buffer.from(await response.arrayBuffer());
      // Only a missing object is "not there"; a missing bucket or refused credentials are a misconfiguration
      // that must show as an error, not as every image quietly answering 404.
      if (response.status === 404) {
        const code = await errorCodeOf(response);
        if (code === 'NoSuchKey' || code === 'HTTP 404') return undefined;
        throw new Error(`S3 GET ${settings.bucket}/${key} answered 404 ${code}`);
      }
      throw await failure('GET', key, response);
    },
  };
}
