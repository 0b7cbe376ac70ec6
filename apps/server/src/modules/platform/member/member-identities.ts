import { toE164, type CountryProfile } from '@app/contracts/country';
import type { Kysely } from 'kysely';
import type { Database, MemberRow } from '../../../db/schema.ts';
import {
  deviceIdentities,
  documentIdentity,
  phoneIdentity,
  socialIdentity,
  type ExcludedIdentity,
} from '../exclusion/exclusion.service.ts';
import { findIdentityKey } from '../kyc/kyc.service.ts';
import * as repository from './member.repository.ts';

type Db = Kysely<Database>;

/**
 * The identities of an account that a self-exclusion covers or is matched on (issue 25 §3): its login
 * number, its ID number's key, its social logins. The devices and M-Pesa numbers are added by the caller:
 * at a login the device logging in, at a self-exclusion every device and number the account ever used.
 */
export async function accountIdentities(
  db: Db,
  country: CountryProfile,
  member: Pick<MemberRow, 'id' | 'mobile'>,
): Promise<ExcludedIdentity[]> {
  const [identityKey, socials] = await Promise.all([
    findIdentityKey(db, country, member.id),
    repository.findSocialIdentitiesOf(db, member.id),
  ]);
  return [
    phoneIdentity(toE164(member.mobile, country)),
    ...(identityKey ? [documentIdentity(identityKey)] : []),
    ...socials.map((social) => socialIdentity(social.provider, social.subject)),
  ];
}

/** Every device the account's login sessions came from. */
export async function sessionDeviceIdentities(db: Db, memberId: number): Promise<ExcludedIdentity[]> {
  const rows = await repository.findSessionSignals(db, [memberId]);
  return rows.flatMap((row) => deviceIdentities(row.deviceId));
}

/** Who is trying to register: the number, the device, and the social login a ticket stands for. */
export function newcomerIdentities(
  country: CountryProfile,
  mobile: string,
  deviceId: string | undefined,
  social?: { provider: string; subject: string },
): ExcludedIdentity[] {
  return [
    phoneIdentity(toE164(mobile, country)),
    ...deviceIdentities(deviceId),
    ...(social ? [socialIdentity(social.provider, social.subject)] : []),
  ];
}
