import Fastify from 'fastify';
import { smsSimulatorPlugin } from './sms/sms-simulator.ts';

/** Every simulator on one port, configured from the environment (see README.md). */
type SimulatorsConfig = {
  port: number;
  host: string;
  sms: { username: string; apiKey: string; deliveryReportUrl: string | undefined };
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
  return {
    port,
    host: env.SIMULATORS_HOST || '127.0.0.1',
    sms: {
      username: env.SMS_USERNAME || 'sandbox',
      apiKey: env.SMS_API_KEY || 'simulator-key',
      deliveryReportUrl,
    },
  };
}

async function main(): Promise<void> {
  const config = readConfig(process.env);
  const app = Fastify({ logger: { level: process.env.LOG_LEVEL || 'info' } });

  // Africa's Talking SMS lives at the root, so its base URL is the simulators' own address.
  await app.register(smsSimulatorPlugin, config.sms);

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
    },
    `simulators ready; SMS inbox at ${address}/sms/inbox`,
  );
}

main().catch((error: unknown) => {
  console.error('Simulators failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
