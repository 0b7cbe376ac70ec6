/**
 * The payments module's service to deposit and withdraw: the pay channels and what callbacks said about a
 * payment (one table each, serving both directions). Their SQL stays in this module's repositories; the
 * other payment modules reach it only through here (the server's "services only" rule).
 */
import type { Kysely } from 'kysely';
import type { Database, PayChannelDirection } from '../../../db/schema.ts';
import { localize } from '../../platform/config/localize.ts';
import { findEnabledChannels } from './channels.repository.ts';

export { findChannel } from './channels.repository.ts';
export * as callbackHints from './callback-hints.repository.ts';
export { createDarajaTokenStore } from './daraja-token-store.ts';
export { emptyPushBucket, takePushSlot, type PushRate } from './admission.ts';
export {
  isMaintenanceAnswer,
  isMpesaPaused,
  pausedMessage,
  pauseForMaintenance,
  probeMaintenance,
} from './mpesa-pause.ts';

type EnabledChannelRow = Awaited<ReturnType<typeof findEnabledChannels>>[number];

/**
 * The enabled channels of one direction as its payment page lists them, in the operator's order: the name
 * and memo in the caller's language (the operator's translations), the logo and the number rules, with what
 * `extra` adds for the direction (a deposit's limits, a withdrawal's fee).
 */
export async function listChannelViews<Extra extends object>(
  db: Kysely<Database>,
  direction: PayChannelDirection,
  language: string,
  extra: (row: EnabledChannelRow) => Extra,
) {
  const rows = await findEnabledChannels(db, direction);
  return rows.map((row) => {
    const text = localize(row, language);
    return {
      id: row.id,
      channelCode: row.channel_code,
      name: text.name,
      logoUrl: row.logo_url,
      memo: text.memo,
      mobilePattern: row.mobile_pattern,
      wholeUnits: row.whole_units,
      ...extra(row),
    };
  });
}
