import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

export async function insertPageView(
  db: Kysely<Database>,
  view: { path: string; referrer: string | null; deviceId: string | null; platform: number },
): Promise<void> {
  await db
    .insertInto('page_view')
    .values({ path: view.path, referrer: view.referrer, device_id: view.deviceId, platform: view.platform })
    .execute();
}
