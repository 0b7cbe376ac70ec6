import Fastify, { LogController, type FastifyReply } from 'fastify';
import { SANDBOX_PASSKEY, SANDBOX_SHORTCODE } from './mpesa/daraja-protocol.ts';
import {
  DEFAULT_CALLBACK_DELAY_MS,
  DEFAULT_MPESA_PIN,
  type MpesaSimulatorOptions,
  mpesaSimulatorPlugin,
} from './mpesa/mpesa-simulator.ts';
import { DEFAULT_GRAPH_API_VERSION, facebookSimulatorPlugin } from './oauth/facebook-simulator.ts';
import { smsSimulatorPlugin } from './sms/sms-simulator.ts';
import { type Hub88SimulatorOptions, hub88SimulatorPlugin, LAUNCH_PATH } from './hub88/hub88-simulator.ts';
import { BEACON_PREFIX, beaconSimulatorPlugin } from './beacon/beacon-simulator.ts';
import { SIMULATOR_CHAIN } from '@app/fair/beacon';
import { maskSecretInUrl } from './startup-line.ts';
import { identitySimulatorPlugin } from './identity/identity-simulator.ts';
import { BIOMETRIC_KYC_PATH } from './identity/identity-protocol.ts';

/** Every simulator on one port, configured from the environment (see README.md). */
type SimulatorsConfig = {
  port: number;
  host: string;
  sms: { username: string; apiKey: string; deliveryReportUrl: string | undefined };
  facebook: { clientId: string; clientSecret: string; version: string; allowAutoLogin: boolean };
  mpesa: MpesaSimulatorOptions;
  hub88: Hub88SimulatorOptions;
  identity: { partnerId: string; apiKey: string };
};

/** The game provider: our wallet API's address and the two public-key halves it needs (README in hub88/). */
function readHub88Config(env: NodeJS.ProcessEnv): Hub88SimulatorOptions {
  const walletUrl = env.PROVIDER_WALLET_URL || 'http://127.0.0.1:8080/api/provider/hub88';
  if (!URL.canParse(walletUrl)) {
    throw new Error(`PROVIDER_WALLET_URL must be an absolute URL, got "${walletUrl}"`);
  }
  return {
    walletUrl,
    privateKeyPem: env.PROVIDER_SIM_PRIVATE_KEY || undefined,
    operatorPublicKeyPem: env.PROVIDER_OPERATOR_PUBLIC_KEY || undefined,
  };
}

function readMpesaConfig(env: NodeJS.ProcessEnv): MpesaSimulatorOptions {
  const callbackDelayMs = Number(env.MPESA_CALLBACK_DELAY_MS || DEFAULT_CALLBACK_DELAY_MS);
  if (!Number.isInteger(callbackDelayMs) || callbackDelayMs < 0) {
    throw new Error(
      `MPESA_CALLBACK_DELAY_MS must be a whole number of ms, got "${env.MPESA_CALLBACK_DELAY_MS}"`,
    );
  }
  const shortcode = env.MPESA_SHORTCODE || SANDBOX_SHORTCODE;
  if (!/^\d{5,7}$/.test(shortcode))
    throw new Error(`MPESA_SHORTCODE must be 5 to 7 digits, got "${shortcode}"`);
  const autoApproveSuffix = env.MPESA_AUTO_APPROVE_SUFFIX || null;
  if (autoApproveSuffix !== null && !/^\d+$/.test(autoApproveSuffix)) {
    throw new Error(`MPESA_AUTO_APPROVE_SUFFIX must be digits, got "${autoApproveSuffix}"`);
  }
  // A PEM in an environment variable often arrives with its newlines escaped.
  const privateKeyPem = env.MPESA_PRIVATE_KEY?.replaceAll('\\n', '\n') || undefined;
  if (privateKeyPem !== undefined && env.MPESA_INITIATOR_PASSWORD === undefined) {
    throw new Error(
      'MPESA_PRIVATE_KEY needs MPESA_INITIATOR_PASSWORD: the password the credential must decrypt to',
    );
  }
  return {
    consumerKey: env.MPESA_CONSUMER_KEY || 'simulator-key',
    consumerSecret: env.MPESA_CONSUMER_SECRET || 'simulator-secret',
    shortcode,
    passkey: env.MPESA_PASSKEY || SANDBOX_PASSKEY,
    pin: env.MPESA_PIN || DEFAULT_MPESA_PIN,
    businessName: env.MPESA_BUSINESS_NAME || undefined,
    initiatorName: env.MPESA_INITIATOR_NAME || undefined,
    initiatorPassword: env.MPESA_INITIATOR_PASSWORD,
    privateKeyPem,
    // A test hook that approves prompts without the phone page: only on request, never by default.
    switches: { callbackDelayMs, autoApproveSuffix },
  };
}

function readConfig(env: NodeJS.ProcessEnv): SimulatorsConfig {
  const port = Number(env.SIMULATORS_PORT ?? '8090');
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`SIMULATORS_PORT must be a port number, got "${env.SIMULATORS_PORT}"`);
  }
  const deliveryReportUrl = env.SMS_DELIVERY_REPORT_URL || undefined;
  if (deliveryReportUrl !== undefined && !URL.canParse(deliveryReportUrl)) {
    throw new Error(`SMS_DELIVERY_REPORT_URL must be an absolute URL, got "${deliveryReportUrl}"`);
  }
  const version = env.SOCIAL_API_VERSION || DEFAULT_GRAPH_API_VERSION;
  if (!/^v\d+\.\d+$/.test(version)) {
    throw new Error(`SOCIAL_API_VERSION must look like v19.0, got "${version}"`);
  }
  return {
    port,
    host: env.SIMULATORS_HOST || '127.0.0.1',
    sms: {
      username: env.SMS_USERNAME || 'sandbox',
      apiKey: env.SMS_API_KEY || 'simulator-key',
      deliveryReportUrl,
    },
    facebook: {
      clientId: env.SOCIAL_CLIENT_ID || 'simulator-app',
      clientSecret: env.SOCIAL_CLIENT_SECRET || 'simulator-secret',
      version,
      // A test hook that skips the login dialog: only on request, never by default.
      allowAutoLogin: env.SIMULATOR_AUTO_LOGIN === '1',
    },
    mpesa: readMpesaConfig(env),
    hub88: readHub88Config(env),
    identity: {
      partnerId: env.IDENTITY_PARTNER_ID || 'simulator-partner',
      apiKey: env.IDENTITY_API_KEY || 'simulator-key',
    },
  };
}

/**
 * Request lines at debug, as the server writes them (apps/server/src/http/request-log.ts): at info they
 * buried the simulators' start-up line and the addresses `npm start` prints.
 */
class QuietRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, _request: unknown, reply: FastifyReply): void {
    if (error) reply.log.error({ res: reply, err: error }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: Math.round(reply.elapsedTime) }, 'request completed');
  }
}

async function main(): Promise<void> {
  const config = readConfig(process.env);
  const app = Fastify({
    logger: { level: process.env.LOG_LEVEL || 'info' },
    logController: new QuietRequestLog(),
  });

  // Africa's Talking SMS lives at the root, so its base URL is the simulators' own address.
  await app.register(smsSimulatorPlugin, config.sms);
  // Facebook Login too: the same address stands for both www.facebook.com and graph.facebook.com.
  await app.register(facebookSimulatorPlugin, config.facebook);
  // M-Pesa Daraja too: the simulators' address is the Daraja base URL (sandbox.safaricom.co.ke).
  await app.register(mpesaSimulatorPlugin, config.mpesa);
  // The game provider: its launch page and game, calling the operator's Hub88 wallet API.
  await app.register(hub88SimulatorPlugin, config.hub88);
  // drand's HTTP API under /beacon, signing with a TEST key: the server's BEACON_URL is <address>/beacon.
  await app.register(beaconSimulatorPlugin, {});
  // A Smile ID style identity verification (ID look-up with a selfie or liveness frame).
  await app.register(identitySimulatorPlugin, config.identity);

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      smsBaseUrl: address,
      smsUsername: config.sms.username,
      // Its last segment is the server's callback secret: never printed in clear.
      deliveryReportUrl: maskSecretInUrl(config.sms.deliveryReportUrl),
      socialClientId: config.facebook.clientId,
      socialApiVersion: config.facebook.version,
      socialAutoLogin: config.facebook.allowAutoLogin,
      mpesaShortcode: config.mpesa.shortcode,
      mpesaAutoApproveSuffix: config.mpesa.switches?.autoApproveSuffix,
      mpesaChecksSecurityCredential: config.mpesa.privateKeyPem !== undefined,
      hub88WalletUrl: config.hub88.walletUrl,
      hub88Signs: config.hub88.privateKeyPem !== undefined && config.hub88.operatorPublicKeyPem !== undefined,
      beaconChainHash: SIMULATOR_CHAIN.chainHash,
      identityPartnerId: config.identity.partnerId,
    },
    `simulators ready; SMS inbox at ${address}/sms/inbox; Facebook Login at ${address}/${config.facebook.version}/dialog/oauth; M-Pesa phone at ${address}/phone; game provider at ${address}${LAUNCH_PATH}; drand beacon (test key) at ${address}${BEACON_PREFIX}/${SIMULATOR_CHAIN.chainHash}/info; identity verification at ${address}${BIOMETRIC_KYC_PATH}`,
  );
}

main().catch((error: unknown) => {
  console.error('Simulators failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
