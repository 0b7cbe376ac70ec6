import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { LoginResponse } from '@app/contracts/member';
import type { SocialProvider } from '../../adapters/oauth/social-provider.ts';
import { newOAuthState, newPkcePair } from '../../adapters/oauth/pkce.ts';
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

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export type SocialDeps = MemberDeps & { social: SocialProvider; callbackUrl: string };

export async function beginSocialLogin(deps: SocialDeps, returnPath: string | undefined): Promise<string> {
  const state = newOAuthState();
  const { verifier, challenge } = newPkcePair();
  await deps.db
    .insertInto('oauth_attempt')
    .values({
      state_hash: sha256(state),
      provider: deps.social.name,
      code_verifier: verifier,
      return_path: returnPath ?? null,
      expires_at: sql<Date>`now() + make_interval(secs => ${ATTEMPT_LIFETIME_SECONDS})`,
    })
    .execute();
  return deps.social.authorizeUrl({ state, redirectUri: deps.callbackUrl, codeChallenge: challenge });
}

export type SocialOutcome =
  | { kind: 'session'; login: LoginResponse; returnPath: string | undefined }
  | { kind: 'unknown-account'; ticket: string; returnPath: string | undefined }
  | { kind: 'cancelled' | 'failed'; returnPath: string | undefined };

export async function completeSocialLogin(
  deps: SocialDeps,
  answer: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
  caller: Caller,
): Promise<SocialOutcome> {
  if (!answer.state) return { kind: 'failed', returnPath: undefined };
  // Used up whatever follows, so a state cannot be replayed.
  const attempt = await deps.db
    .updateTable('oauth_attempt')
    .set({ used_at: sql<Date>`now()` })
    .where('state_hash', '=', sha256(answer.state))
    .where('provider', '=', deps.social.name)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['code_verifier', 'return_path'])
    .executeTakeFirst();
  if (!attempt) return { kind: 'failed', returnPath: undefined };
  const returnPath = attempt.return_path ?? undefined;
  if (answer.error || !answer.code) return { kind: answer.error ? 'cancelled' : 'failed', returnPath };

  let profile: { id: string; name: string };
  try {
    const { accessToken } = await deps.social.exchangeCode({
      code: answer.code,
      redirectUri: deps.callbackUrl,
      codeVerifier: attempt.code_verifier,
    });
    profile = await deps.social.fetchProfile(accessToken);
  } catch {
    return { kind: 'failed', returnPath };
  }

  const identity = await deps.db
    .selectFrom('social_identity')
    .select('member_id')
    .where('provider', '=', deps.social.name)
    .where('subject', '=', profile.id)
    .executeTakeFirst();
  if (identity) {
    const member = await repository.findMemberById(deps.db, identity.member_id);
    if (member) return { kind: 'session', login: await startSession(deps, member, caller), returnPath };
  }
  const ticket = randomBytes(24).toString('base64url');
  await deps.db
    .insertInto('social_ticket')
    .values({
      ticket_hash: sha256(ticket),
      provider: deps.social.name,
      subject: profile.id,
      name: profile.name.slice(0, 64),
      expires_at: sql<Date>`now() + make_interval(secs => ${TICKET_LIFETIME_SECONDS})`,
    })
    .execute();
  return { kind: 'unknown-account', ticket, returnPath };
}
