import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's one account: its access key id and secret. */
const S3RVER_KEY = 'S3RVER';

export type TestS3 = {
  /** Where the server listens (path-style: `{endpoint}/{bucket}/{key}`). */
  endpoint: string;
  bucket: string;
  /** The environment that keeps an app's uploads in this bucket (and in no folder). */
  env: Record<string, string>;
  close(): Promise<void>;
};

/**
 * A real S3-compatible server (s3rver, from the npm registry) on a free port of this machine, keeping its
 * objects in a temporary folder, with one bucket. It speaks S3's REST protocol and checks the access key id
 * of each signed request; it does not recompute Signature V4 itself (aws4fetch's signing is what AWS, MinIO
 * or R2 check).
 */
export async function startTestS3(bucket = 'casino-uploads'): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      // The test app's own temporary folder is not used with a bucket.
      UPLOAD_DIR: '',
      UPLOAD_S3_BUCKET: bucket,
      UPLOAD_S3_ENDPOINT: endpoint,
      UPLOAD_S3_REGION: 'us-east-1',
      UPLOAD_S3_ACCESS_KEY: S3RVER_KEY,
      UPLOAD_S3_SECRET_KEY: S3RVER_KEY,
      UPLOAD_S3_PATH_STYLE: '1',
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
