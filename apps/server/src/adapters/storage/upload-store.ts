import path from 'node:path';
import type { Env } from '../../env.ts';
import type { FileStore } from './file-store.ts';
import { createFolderStore } from './folder-store.ts';
import { createS3Store } from './s3-store.ts';

/**
 * Where players' uploads are kept, as the environment says: the bucket UPLOAD_S3_BUCKET names (a fleet's
 * choice), else the folder UPLOAD_DIR, else `<DATA_DIR>/uploads` (one process, `npm start`). loadEnv has
 * already refused a bucket without its keys.
 */
export function createUploadStore(env: Env): FileStore {
  if (env.UPLOAD_S3_BUCKET) {
    return createS3Store({
      endpoint: env.UPLOAD_S3_ENDPOINT,
      region: env.UPLOAD_S3_REGION,
      bucket: env.UPLOAD_S3_BUCKET,
      accessKeyId: env.UPLOAD_S3_ACCESS_KEY ?? '',
      secretAccessKey: env.UPLOAD_S3_SECRET_KEY ?? '',
      pathStyle: env.UPLOAD_S3_PATH_STYLE,
    });
  }
  return createFolderStore(env.UPLOAD_DIR ?? path.join(env.DATA_DIR, 'uploads'));
}
