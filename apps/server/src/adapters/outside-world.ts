import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EnvError, type Env } from '../env.ts';
import { createDarajaClient, type DarajaClient, type DarajaTokenStore } from './mpesa/daraja-client.ts';
import { createAfricasTalkingGateway, type SmsGatewayLogger } from './sms/africas-talking.ts';
import type { SmsGateway } from './sms/sms-gateway.ts';
import { createFacebookProvider } from './oauth/facebook.ts';
import { QUICKNET, SIMULATOR_CHAIN, type BeaconChain } from '@app/fair/beacon';
import { createBeaconClient, type BeaconClient } from './beacon/beacon-client.ts';
import type { SocialProvider } from './oauth/social-provider.ts';
import { createSmileIdentityVerifier } from './identity/smile-identity.ts';
import type { IdentityVerifier } from './identity/identity-verifier.ts';

/** The Daraja sandbox's published Lipa Na M-Pesa passkey, which the simulator also uses. */
const SANDBOX_PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';

/** The simulators' address when they run beside the server (`npm start`). */
export function simulatorsUrl(env: Env): string {
  return `http://127.0.0.1:${env.SIMULATORS_PORT}`;
}

/** Simulators stand in for providers unless credentials for a real one are given. */
export function simulatorsEnabled(env: Env): boolean {
  return env.SIMULATORS ?? env.SMS_API_KEY === undefined;
}

/** The SMS gateway the environment names: Africa's Talking, or its simulator by default. */
export function createSmsGateway(env: Env, logger?: SmsGatewayLogger): SmsGateway {
  const simulated = simulatorsEnabled(env);
  return createAfricasTalkingGateway({
    baseUrl: env.SMS_BASE_URL ?? simulatorsUrl(env),
    username: env.SMS_USERNAME,
    apiKey: env.SMS_API_KEY ?? (simulated ? 'simulator-key' : ''),
    senderId: env.SMS_SENDER_ID,
    logger,
  });
}

/** Where the simulators' callback secret is kept between starts (`npm start` reads the same file). */
export const CALLBACK_SECRET_FILE = 'callback-secret';

/**
 * The secret path segment of provider callbacks. It must be the same after a restart: Daraja posts the
 * result of a push or a payout sent before it to the address given then, and payment-hall links are
 * signed with a key derived from it (unless PAY_SIGN_SECRET is set). So:
 * - configured (CALLBACK_SECRET): that one;
 * - real Daraja (MPESA_CONSUMER_KEY) without it: the start is refused, and likewise without
 *   PAY_SIGN_SECRET (a key derived from a value that travels in URLs to Safaricom is no signing key);
 *   a secret made up here would also differ between the server processes behind one address;
 * - otherwise (the simulators): made once and kept in `<DATA_DIR>/callback-secret`.
 */
export function callbackSecret(env: Env): string {
  const realDaraja = env.MPESA_CONSUMER_KEY !== undefined;
  const missing = [
    ...(realDaraja && env.CALLBACK_SECRET === undefined ? ['CALLBACK_SECRET'] : []),
    ...(realDaraja && env.PAY_SIGN_SECRET === undefined ? ['PAY_SIGN_SECRET'] : []),
    ...(realDaraja && env.PUBLIC_URL === undefined ? ['PUBLIC_URL'] : []),
  ];
  if (missing.length > 0) {
    const why = (name: string) =>
      name === 'PUBLIC_URL'
        ? 'Daraja calls this public address back'
        : 'M-Pesa callbacks and payment links must survive a restart';
    throw new EnvError(
      `Invalid environment:\n${missing
        .map((name) => `  ${name}: required with MPESA_CONSUMER_KEY (${why(name)})`)
        .join('\n')}`,
    );
  }
  return env.CALLBACK_SECRET ?? keptSecret(path.join(env.DATA_DIR, CALLBACK_SECRET_FILE));
}

/**
 * A random secret created once in `file` and read back at every later start. Written to a temporary file
 * first and linked into place (which fails if another start won the race), so it is never half written.
 */
function keptSecret(file: string): string {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temporary, `${randomBytes(24).toString('base64url')}\n`, { mode: 0o600 });
    try {
      linkSync(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temporary);
    }
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 16) {
    throw new EnvError(`Invalid environment:\n  CALLBACK_SECRET: ${file} holds no usable secret (delete it)`);
  }
  return secret;
}

/** The social login provider: Facebook's Login protocol, against the simulators' stand-in by default. */
export function createSocialProvider(env: Env): SocialProvider {
  const simulated = env.SOCIAL_CLIENT_SECRET === undefined && (env.SIMULATORS ?? true);
  return createFacebookProvider({
    authBaseUrl: env.SOCIAL_AUTH_BASE_URL ?? (simulated ? simulatorsUrl(env) : undefined),
    graphBaseUrl: env.SOCIAL_GRAPH_BASE_URL ?? (simulated ? simulatorsUrl(env) : undefined),
    version: env.SOCIAL_API_VERSION,
    clientId: env.SOCIAL_CLIENT_ID,
    clientSecret: env.SOCIAL_CLIENT_SECRET ?? 'simulator-secret',
  });
}

/**
 * The identity-verification service: a Smile ID style Biometric KYC, against the simulators' stand-in
 * unless a key is given. Without a key and with the simulators off there is no service: the start is
 * refused rather than every player left unverifiable.
 */
export function createIdentityVerifier(env: Env): IdentityVerifier {
  const simulated = env.IDENTITY_API_KEY === undefined && (env.SIMULATORS ?? true);
  const baseUrl = env.IDENTITY_BASE_URL ?? (simulated ? simulatorsUrl(env) : undefined);
  if (baseUrl === undefined || (!simulated && env.IDENTITY_API_KEY === undefined)) {
    throw new EnvError(
      'Invalid environment:\n  IDENTITY_BASE_URL and IDENTITY_API_KEY: needed when the simulators are off',
    );
  }
  return createSmileIdentityVerifier({
    baseUrl,
    partnerId: env.IDENTITY_PARTNER_ID,
    apiKey: env.IDENTITY_API_KEY ?? 'simulator-key',
  });
}

/**
 * Where the provider sends the player back (registered with the provider as the redirect URI): on the
 * origin the player started from (http/public-origin.ts), so the login cookie lands where the app is.
 */
export function socialCallbackUrl(origin: string, provider: string): string {
  return new URL(`/api/member-service/social/${provider}/callback`, origin).toString();
}

/**
 * Where outside systems call this server back (M-Pesa's results): PUBLIC_URL, or without it this machine
 * (only the simulators, on the same machine, call back then: real Daraja credentials require PUBLIC_URL,
 * callbackSecret refuses to start without it).
 */
export function callbackBaseUrl(env: Env): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL;
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}`;
}

/** Daraja answers here; the secret path segment is the callbacks' only proof of origin (reference §2.3). */
export type MpesaCallbackUrls = {
  stk: string;
  b2cResult: string;
  b2cTimeout: string;
  statusResult: string;
  statusTimeout: string;
  balanceResult: string;
  balanceTimeout: string;
};

export function mpesaCallbackUrls(env: Env, secret: string): MpesaCallbackUrls {
  const at = (name: string) =>
    new URL(`/api/pay-service/mpesa/${encodeURIComponent(secret)}/${name}`, callbackBaseUrl(env)).toString();
  return {
    stk: at('stk-callback'),
    b2cResult: at('b2c-result'),
    b2cTimeout: at('b2c-timeout'),
    statusResult: at('status-result'),
    statusTimeout: at('status-timeout'),
    balanceResult: at('balance-result'),
    balanceTimeout: at('balance-timeout'),
  };
}

/** M-Pesa Daraja is simulated when the simulators are on and no consumer key is given. */
export function mpesaSimulated(env: Env): boolean {
  return env.MPESA_CONSUMER_KEY === undefined && (env.SIMULATORS ?? true);
}

function readCertificate(value: string): string {
  return value.includes('-----BEGIN') ? value.replaceAll('\\n', '\n') : readFileSync(value, 'utf8');
}

/**
 * The key pair of Hub88's wallet API: the provider's public key (checks its calls) and our private key
 * (signs our answers), from PEM text or PEM files. Undefined when neither is set: the API is off. One
 * without the other, or a key that does not load, stops the start.
 */
export function loadProviderKeys(
  env: Env,
): { providerPublicKey: KeyObject; operatorPrivateKey: KeyObject } | undefined {
  const { PROVIDER_PUBLIC_KEY: publicKey, PROVIDER_PRIVATE_KEY: privateKey } = env;
  if (publicKey === undefined && privateKey === undefined) return undefined;
  if (publicKey === undefined || privateKey === undefined) {
    throw new EnvError(
      'Invalid environment:\n  PROVIDER_PUBLIC_KEY and PROVIDER_PRIVATE_KEY are needed together',
    );
  }
  const load = <T>(name: string, make: () => T): T => {
    try {
      return make();
    } catch (error) {
      throw new EnvError(
        `Invalid environment:\n  ${name}: not a usable PEM key (${error instanceof Error ? error.message : error})`,
      );
    }
  };
  return {
    providerPublicKey: load('PROVIDER_PUBLIC_KEY', () => createPublicKey(readCertificate(publicKey))),
    operatorPrivateKey: load('PROVIDER_PRIVATE_KEY', () => createPrivateKey(readCertificate(privateKey))),
  };
}

/**
 * The Daraja client the environment names. Against the simulator without a certificate, a key pair made
 * at start encrypts the initiator password (the simulator checks it only when given the private key,
 * which `npm start` does: scripts/start.mjs). `tokenStore` keeps the app's access token where every
 * instance finds it (the server's: the database); without it, in this process only.
 */
export function createMpesaClient(
  env: Env,
  options: { tokenStore?: (app: { baseUrl: string; consumerKey: string }) => DarajaTokenStore } = {},
): DarajaClient {
  const simulated = mpesaSimulated(env);
  if (!simulated && (!env.MPESA_CONSUMER_SECRET || !env.MPESA_PASSKEY || !env.MPESA_CERT)) {
    throw new EnvError(
      'Invalid environment:\n  MPESA_CONSUMER_SECRET, MPESA_PASSKEY and MPESA_CERT are needed with MPESA_CONSUMER_KEY',
    );
  }
  const certificatePem = env.MPESA_CERT
    ? readCertificate(env.MPESA_CERT)
    : generateKeyPairSync('rsa', { modulusLength: 2048 })
        .publicKey.export({ type: 'spki', format: 'pem' })
        .toString();
  const app = {
    baseUrl: env.MPESA_BASE_URL ?? (simulated ? simulatorsUrl(env) : 'https://api.safaricom.co.ke'),
    consumerKey: env.MPESA_CONSUMER_KEY ?? 'simulator-key',
  };
  return createDarajaClient({
    ...app,
    ...(options.tokenStore ? { tokenStore: options.tokenStore(app) } : {}),
    consumerSecret: env.MPESA_CONSUMER_SECRET ?? 'simulator-secret',
    shortcode: env.MPESA_SHORTCODE,
    passkey: env.MPESA_PASSKEY ?? SANDBOX_PASSKEY,
    b2cShortcode: env.MPESA_B2C_SHORTCODE,
    initiatorName: env.MPESA_INITIATOR_NAME,
    initiatorPassword: env.MPESA_INITIATOR_PASSWORD ?? 'simulator-initiator',
    certificatePem,
  });
}

/** drand's own relay for quicknet (any relay serves the same signed rounds). */
export const QUICKNET_URL = 'https://api.drand.sh';

export type BeaconSettings = { chainName: 'simulator' | 'quicknet'; chain: BeaconChain; url: string };

/**
 * The beacon the draws wait for. The simulators' test chain while they stand in for providers (its key is
 * public: never for real money), quicknet otherwise, unless BEACON_CHAIN says which; its relay at
 * BEACON_URL, or the chain's usual address.
 */
export function beaconSettings(env: Env): BeaconSettings {
  const chainName = env.BEACON_CHAIN ?? (simulatorsEnabled(env) ? 'simulator' : 'quicknet');
  if (chainName === 'quicknet') return { chainName, chain: QUICKNET, url: env.BEACON_URL ?? QUICKNET_URL };
  return { chainName, chain: SIMULATOR_CHAIN, url: env.BEACON_URL ?? `${simulatorsUrl(env)}/beacon` };
}

/** The beacon client the environment names (beaconSettings). */
export function createBeacon(env: Env): BeaconClient {
  const { chain, url } = beaconSettings(env);
  return createBeaconClient({ url, chain });
}
