import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import { PROVIDER_PATHS } from '@app/contracts/paths';
import { HUB88_ACTIONS, unitsPerMinor, type Hub88Action } from './hub88-protocol.ts';
import { HUB88_SIGNATURE_HEADER } from './hub88-signature.ts';
import { answerHub88Call, answerFailedCall, type ProviderDeps } from './provider.service.ts';

const PATHS: Record<Hub88Action, string> = {
  'user/info': PROVIDER_PATHS.hub88UserInfo,
  'user/balance': PROVIDER_PATHS.hub88UserBalance,
  'transaction/bet': PROVIDER_PATHS.hub88Bet,
  'transaction/win': PROVIDER_PATHS.hub88Win,
  'transaction/rollback': PROVIDER_PATHS.hub88Rollback,
};

/** Hub88 bodies are a few hundred bytes; anything near this is not a wallet call. */
const BODY_LIMIT = 64 * 1024;

/**
 * Hub88's operator wallet API (docs/games.md "Third-party provider: Hub88"), called by the provider, not
 * by players. It speaks Hub88's protocol, not our envelope: every answer is HTTP 200 with the outcome in
 * `status`, and signed.
 */
export const providerRoutes: FastifyPluginAsync<{ deps: ProviderDeps }> = async (app, { deps }) => {
  // A market whose currency cannot be expressed in Hub88 units stops the start, not a player's bet.
  unitsPerMinor(deps.country.scale);
  // The signature is over the body's exact bytes, so these routes (and only these: the parser is scoped
  // to this plugin) take the body raw, whatever its content type, and parse it after checking.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    done(null, body);
  });

  // Whatever fails around the service (a body too large, a bug) is still a signed Hub88 answer, never
  // our envelope and never a stack trace.
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const unreadable = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500;
    if (unreadable) request.log.info({ reason: error.message }, 'provider call unreadable');
    else request.log.error({ err: error }, 'provider call failed');
    return sendAnswer(
      reply,
      answerFailedCall(deps, unreadable ? 'RS_ERROR_WRONG_SYNTAX' : 'RS_ERROR_UNKNOWN'),
    );
  });

  for (const action of HUB88_ACTIONS) {
    app.post(PATHS[action], { schema: { hide: true } }, async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers[HUB88_SIGNATURE_HEADER];
      const answer = await answerHub88Call(
        deps,
        action,
        body,
        typeof signature === 'string' ? signature : undefined,
        request.log,
      );
      return sendAnswer(reply, answer);
    });
  }
};

function sendAnswer(reply: FastifyReply, answer: { body: string; signature: string }): FastifyReply {
  return reply
    .code(200)
    .header(HUB88_SIGNATURE_HEADER, answer.signature)
    .type('application/json; charset=utf-8')
    .send(answer.body);
}
