import { randomBytes } from 'node:crypto';
import type { LoginResponse } from '@app/contracts/member';
import type { SocialProvider } from '../../../adapters/oauth/social-provider.ts';
import { newOAuthState, newPkcePair } from '../../../adapters/oauth/pkce.ts';
import { deviceIdentities, refuseExcluded, socialIdentity } from '../exclusion/exclusion.service.ts';
import { hashToken } from './credentials.ts';
import type { Caller, MemberDeps } from './member.service.ts';
import { startSession } from './member.service.ts';
import * as repository from './member.repository.ts';

/**
 * Social login by the OAuth 2.0 authorization-code flow with PKCE (RFC 6749 §4.1, RFC 7636). The state
 * is single use and expires in 10 minutes; only its hash is stored. A provider account that belongs to
 * no member gives a ticket (30 minutes, single use) with which the player may register (spec §4: the
 * social login's 404 asks whether to register, then /register-facebook).
 */
const ATTEMPT_LIFETIME_SECONDS = 10 * 60;
const TICKET_LIFETIME_SECONDS = 30 * 60;

export type SocialDeps = MemberDeps & { social: SocialProvider };

/** `callbackUrl`: where the provider sends the player back, on the origin the player started from. */
export async function beginSocialLogin(
  deps: SocialDeps,
  callbackUrl: string,
  returnPath: string | undefined,
): Promise<string> {
  const state = newOAuthState();
  const { verifier, challenge } = newPkcePair();
  await repository.insertOauthAttempt(deps.db, {
    stateHash: hashToken(state),
    provider: deps.social.name,
    codeVerifier: verifier,
    returnPath: returnPath ?? null,
    lifetimeSeconds: ATTEMPT_LIFETIME_SECONDS,
  });
  return deps.social.authorizeUrl({ state, redirectUri: callbackUrl, codeChallenge: challenge });
}

export type SocialOutcome =
  | { kind: 'session'; login: LoginResponse; returnPath: string | undefined }
  | { kind: 'unknown-account'; ticket: string; returnPath: string | undefined }
  | { kind: 'cancelled'; returnPath: string | undefined }
  /** `error` is what the provider call threw, for the log (the provider's errors carry no secrets). */
  | { kind: 'failed'; returnPath: string | undefined; error?: unknown };

/** `callbackUrl`: the address this answer came to, the same the login began with (the provider checks). */
export async function completeSocialLogin(
  deps: SocialDeps,
  callbackUrl: string,
  answer: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
  caller: Caller,
): Promise<SocialOutcome> {
  if (!answer.state) return { kind: 'failed', returnPath: undefined };
  // Used up whatever follows, so a state cannot be replayed.
  const attempt = await repository.useOauthAttempt(deps.db, hashToken(answer.state), deps.social.name);
  if (!attempt) return { kind: 'failed', returnPath: undefined };
  const returnPath = attempt.return_path ?? undefined;
  if (answer.error) return { kind: 'cancelled', returnPath };
  if (!answer.code) return { kind: 'failed', returnPath };

  let profile: { id: string; name: string };
  try {
    const { accessToken } = await deps.social.exchangeCode({
      code: answer.code,
      redirectUri: callbackUrl,
      codeVerifier: attempt.code_verifier,
    });
    profile = await deps.social.fetchProfile(accessToken);
  } catch (error) {
    return { kind: 'failed', returnPath, error };
  }

  const memberId = await repository.findSocialIdentityMember(deps.db, deps.social.name, profile.id);
  const member = memberId === undefined ? undefined : await repository.findMemberById(deps.db, memberId);
  if (member) return { kind: 'session', login: await startSession(deps, member, caller), returnPath };
  // A social login a self-exclusion covers gets no ticket to register with (issue 25 §3).
  await refuseExcluded(deps.db, [
    socialIdentity(deps.social.name, profile.id),
    ...deviceIdentities(caller.deviceId),
  ]);

  const ticket = randomBytes(24).toString('base64url');
  await repository.insertSocialTicket(deps.db, {
    ticketHash: hashToken(ticket),
    provider: deps.social.name,
    subject: profile.id,
    name: profile.name.slice(0, 64),
    lifetimeSeconds: TICKET_LIFETIME_SECONDS,
  });
  return { kind: 'unknown-account', ticket, returnPath };
}
