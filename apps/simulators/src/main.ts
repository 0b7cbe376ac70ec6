import Fastify from 'fastify';
import { DEFAULT_GRAPH_API_VERSION, facebookSimulatorPlugin } from './oauth/facebook-simulator.ts';
import { smsSimulatorPlugin } from './sms/sms-simulator.ts';

/** Every simulator on one port, configured from the environment (see README.md). */
type SimulatorsConfig = {
  port: number;
  host: string;
  sms: { username: string; apiKey: string; deliveryReportUrl: string | undefined };
  facebook: { clientId: string; clientSecret: string; version: string; allowAutoLogin: boolean };
};

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
  };
}

async function main(): Promise<void> {
  const config = readConfig(process.env);
  const app = Fastify({ logger: { level: process.env.LOG_LEVEL || 'info' } });

  // Africa's Talking SMS lives at the root, so its base URL is the simulators' own address.
  await app.register(smsSimulatorPlugin, config.sms);
  // Facebook Login too: the same address stands for both www.facebook.com and graph.facebook.com.
  await app.register(facebookSimulatorPlugin, config.facebook);

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
      deliveryReportUrl: config.sms.deliveryReportUrl,
      socialClientId: config.facebook.clientId,
      socialApiVersion: config.facebook.version,
      socialAutoLogin: config.facebook.allowAutoLogin,
    },
    `simulators ready; SMS inbox at ${address}/sms/inbox; Facebook Login at ${address}/${config.facebook.version}/dialog/oauth`,
  );
}

main().catch((error: unknown) => {
  console.error('Simulators failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
