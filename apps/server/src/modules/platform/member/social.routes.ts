import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SOCIAL_LOGIN_QUERY,
  SocialTicketQuerySchema,
  SocialTicketSchema,
  TOKEN_COOKIE,
  TOKEN_COOKIE_MAX_AGE_SECONDS,
} from '@app/contracts/member';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { MEMBER_PATHS } from '@app/contracts/paths';
import { AppError } from '../../../http/app-error.ts';
import { toAppError } from '../../../http/error-handler.ts';
import { ok } from '../../../http/envelope.ts';
import type { PlayerLinks } from '../../../http/public-origin.ts';
import { socialCallbackUrl } from '../../../adapters/outside-world.ts';
import { apiResponses, openRoute } from '../../../http/route-schema.ts';
import { describeSocialTicket } from './member.service.ts';
import { beginSocialLogin, completeSocialLogin, type SocialDeps } from './social.service.ts';

type Options = { deps: SocialDeps; links: PlayerLinks; secureCookies: boolean };

/** A path inside the app (never another site: no scheme, no `//`, no backslash). */
function appPath(value: string | undefined): string | undefined {
  if (
    !value ||
    value.length > 300 ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.includes('\\')
  ) {
    return undefined;
  }
  return value;
}

/**
 * Social login as browser redirects (paths of our design): /authorize sends the player to the provider,
 * /callback brings them back. A known account is logged in (the token cookie is set, as the app would
 * set it) and returns to `r`; an unknown one goes to /login with `social=404` and a ticket, where the app
 * asks whether to register with it (spec §4); a cancel or failure goes to /login with `social=cancelled`
 * or `social=failed`. A refusal (a closed account, a malformed answer, a limit) goes to /login with
 * `social=refused` and the catalogue code: the player's browser is on this address, and an envelope of
 * JSON there is a dead end; the app tells the code's message in the player's language.
 */
export async function socialRoutes(
  app: FastifyInstance,
  { deps, links, secureCookies }: Options,
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['member'];
  const provider = z.object({ provider: z.literal(deps.social.name) });
  const callbackUrl = (request: FastifyRequest) => socialCallbackUrl(links.origin(request), deps.social.name);

  routes.get(
    MEMBER_PATHS.socialAuthorize,
    openRoute(tags, 'Start a social login: redirects to the provider', {
      params: provider,
      querystring: z.object({ r: z.string().max(300).optional() }),
    }),
    async (request, reply) => {
      const dialog = await beginSocialLogin(deps, callbackUrl(request), appPath(request.query.r));
      return reply.redirect(links.simulatorPage(dialog, request), 302);
    },
  );

  routes.get(
    MEMBER_PATHS.socialCallback,
    {
      errorHandler: (error, request, reply) => {
        const refusal = toAppError(error, request);
        if (refusal.status >= 500) request.log.error({ err: error }, 'social login callback failed');
        else request.log.info({ code: refusal.code, reason: error.message }, 'social login refused');
        const query = new URLSearchParams({
          [SOCIAL_LOGIN_QUERY.outcome]: 'refused',
          [SOCIAL_LOGIN_QUERY.code]: String(refusal.code),
          ...(refusal.params?.until ? { [SOCIAL_LOGIN_QUERY.until]: refusal.params.until } : {}),
        });
        return redirect(reply, `${PAGE_PATHS.login}?${query.toString()}`);
      },
      schema: {
        tags,
        summary:
          'The provider sends the player back here with a code (or an error); every answer is a redirect into the app',
        params: provider,
        querystring: z.object({
          code: z.string().max(2048).optional(),
          state: z.string().max(256).optional(),
          error: z.string().max(256).optional(),
        }),
      },
    },
    async (request, reply) => {
      const caller = {
        ip: request.ip,
        deviceId: request.client.deviceId,
        platform: request.client.platform,
        language: request.client.language,
      };
      const outcome = await completeSocialLogin(deps, callbackUrl(request), request.query, caller);
      // A failing provider (wrong credentials, an outage) must show in the log, not only to the player.
      if (outcome.kind === 'failed' && outcome.error !== undefined) {
        request.log.warn(
          { err: outcome.error, provider: deps.social.name },
          'social login failed at the provider',
        );
      }
      const back: Record<string, string> = outcome.returnPath ? { r: outcome.returnPath } : {};
      const toLogin = (query: Record<string, string>) =>
        redirect(reply, `${PAGE_PATHS.login}?${new URLSearchParams({ ...query, ...back }).toString()}`);
      switch (outcome.kind) {
        case 'session':
          void reply.setCookie(TOKEN_COOKIE, outcome.login.token, {
            path: '/',
            maxAge: TOKEN_COOKIE_MAX_AGE_SECONDS,
            sameSite: 'lax',
            secure: secureCookies,
          });
          return redirect(reply, outcome.returnPath ?? PAGE_PATHS.home);
        case 'unknown-account':
          return toLogin({
            [SOCIAL_LOGIN_QUERY.outcome]: '404',
            [SOCIAL_LOGIN_QUERY.ticket]: outcome.ticket,
          });
        default:
          return toLogin({ [SOCIAL_LOGIN_QUERY.outcome]: outcome.kind });
      }
    },
  );

  routes.get(
    MEMBER_PATHS.socialTicket,
    openRoute(tags, 'The provider account a registration ticket stands for', {
      querystring: SocialTicketQuerySchema,
      response: apiResponses(SocialTicketSchema),
    }),
    async (request) => ok(await describeSocialTicket(deps, request.query.ticket)),
  );
}

function redirect(reply: FastifyReply, location: string) {
  if (!location.startsWith('/')) throw new AppError('BAD_REQUEST');
  return reply.header('cache-control', 'no-store').redirect(location, 302);
}
