import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CountryProfile } from '@app/contracts/country';
import type { DarajaClient } from '../../../adapters/mpesa/daraja-client.ts';
import { mpesaCallbackUrls, type MpesaCallbackUrls } from '../../../adapters/outside-world.ts';
import type { Database } from '../../../db/schema.ts';
import type { Env } from '../../../env.ts';
import type { PushRate } from './admission.ts';

/** What the deposit and withdraw modules need from the outside: the database, M-Pesa, and secrets. */
export type PaymentDeps = {
  db: Kysely<Database>;
  country: CountryProfile;
  mpesa: DarajaClient;
  /** Where Daraja posts its results (secret path segment included). */
  callbackUrls: MpesaCallbackUrls;
  /** The secret path segment the callbacks must carry. */
  callbackSecret: string;
  /** Addresses allowed to post callbacks; empty allows any (the path token still applies). */
  callbackIps: string[];
  /** Key of the HMAC `sign` on payment hall links. */
  signSecret: string;
  /** The M-Pesa paybill (Lipa na M-PESA shortcode) a member pays by hand when a prompt does not come. */
  paybill: string;
  /** STK pushes the paybill may send, shared by every instance (admission.ts). */
  pushRate: PushRate;
  /** The shortcode withdrawals are paid from (its float is watched). */
  b2cShortcode: string;
  /** The B2C float (minor units) below which operators are alerted; 0: never. */
  floatAlertBelow: number;
  /** How often a pause Daraja's maintenance answer started asks Daraja whether it is back (mpesa-pause.ts). */
  maintenanceProbeMs: number;
};

/** The payment modules' dependencies from the environment: callback addresses and secrets derived once. */
export function paymentDepsOf(
  env: Env,
  given: { db: Kysely<Database>; country: CountryProfile; mpesa: DarajaClient; callbackSecret: string },
): PaymentDeps {
  return {
    ...given,
    callbackUrls: mpesaCallbackUrls(env, given.callbackSecret),
    callbackIps: env.MPESA_CALLBACK_IPS.split(',')
      .map((ip) => ip.trim())
      .filter(Boolean),
    signSecret:
      env.PAY_SIGN_SECRET ??
      createHash('sha256').update(`pay-sign:${given.callbackSecret}`).digest('base64url'),
    paybill: env.MPESA_SHORTCODE,
    b2cShortcode: env.MPESA_B2C_SHORTCODE,
    floatAlertBelow: env.MPESA_FLOAT_ALERT_BELOW * given.country.scale,
    maintenanceProbeMs: env.MPESA_MAINTENANCE_PROBE_SECONDS * 1000,
    pushRate: {
      perSecond: env.MPESA_PUSHES_PER_SECOND,
      burst: env.MPESA_PUSH_BURST ?? Math.max(1, Math.ceil(env.MPESA_PUSHES_PER_SECOND)),
    },
  };
}
