import { randomBytes } from 'node:crypto';
import type { Env } from '../env.ts';
import { createAfricasTalkingGateway, type SmsGatewayLogger } from './sms/africas-talking.ts';
import type { SmsGateway } from './sms/sms-gateway.ts';
import { createFacebookProvider } from './oauth/facebook.ts';
import type { SocialProvider } from './oauth/social-provider.ts';

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

/** The secret path segment of provider callbacks: configured, or new at every start. */
export function callbackSecret(env: Env): string {
  return env.CALLBACK_SECRET ?? randomBytes(24).toString('base64url');
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

/** Where the provider sends the player back (registered with the provider as the redirect URI). */
export function socialCallbackUrl(env: Env, provider: string): string {
  return new URL(`/api/member-service/social/${provider}/callback`, env.PUBLIC_URL).toString();
}
