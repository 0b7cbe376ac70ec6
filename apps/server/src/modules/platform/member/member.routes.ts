import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CheckMobileRequestSchema,
  CheckMobileResponseSchema,
  CheckSmsRequestSchema,
  GameKickOutResponseSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  LoginWithSmsCodeRequestSchema,
  MemberByIdQuerySchema,
  ModifyPasswordRequestSchema,
  ImageUploadResponseSchema,
  ModifyMemberInfoRequestSchema,
  ModifyMobileRequestSchema,
  ReauthenticateRequestSchema,
  ReauthenticateResponseSchema,
  ProfileSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  SelfExclusionAnswerSchema,
  SelfExclusionRequestSchema,
  SendSmsRequestSchema,
  SendSmsResponseSchema,
} from '@app/contracts/member';
import { BreakTakenSchema, TakeBreakBodySchema } from '@app/contracts/breaks';
import { ACCOUNT_PATHS, MEMBER_PATHS } from '@app/contracts/paths';
import { keptLandingUrl, LANDING_URL_COOKIE, REFERRER_COOKIE } from '@app/contracts/member-rules';
import { AppError } from '../../../http/app-error.ts';
import { ok } from '../../../http/envelope.ts';
import { apiResponses, memberRoute, openRoute } from '../../../http/route-schema.ts';
import { DeliveryReportSchema } from '../../../adapters/sms/delivery-report.ts';
import * as members from './member.service.ts';
import type { Caller, MemberDeps } from './member.service.ts';
import type { Landing } from './member.repository.ts';
import { saveImage } from '../upload/upload.service.ts';
import type { FileStore } from '../../../adapters/storage/file-store.ts';
import { sessionOf } from '../../../http/auth.ts';

type Options = { deps: MemberDeps; callbackSecret: string; uploads: FileStore };

/** The referrer and landing-URL cookies (spec §9) as kept: a malformed one (the visitor's to write) is none. */
function landingOf(request: FastifyRequest): Landing {
  return {
    referrer: keptLandingUrl(request.cookies[REFERRER_COOKIE]),
    landingUrl: keptLandingUrl(request.cookies[LANDING_URL_COOKIE]),
  };
}

function callerOf(request: FastifyRequest): Caller {
  return {
    ip: request.ip,
    deviceId: request.client.deviceId,
    platform: request.client.platform,
    language: request.client.language,
  };
}

/** Member service and the account service's member info (spec §7), mounted under /api. */
export async function memberRoutes(
  app: FastifyInstance,
  { deps, callbackSecret, uploads }: Options,
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['member'];

  routes.post(
    MEMBER_PATHS.register,
    openRoute(tags, 'Register with a mobile number', {
      body: RegisterRequestSchema,
      response: apiResponses(LoginResponseSchema),
    }),
    async (request) => ok(await members.register(deps, request.body, callerOf(request), landingOf(request))),
  );

  routes.post(
    MEMBER_PATHS.login,
    openRoute(tags, 'Log in with mobile and password', {
      body: LoginRequestSchema,
      response: apiResponses(LoginResponseSchema),
    }),
    async (request) => ok(await members.login(deps, request.body, callerOf(request))),
  );

  routes.post(
    MEMBER_PATHS.loginWithToken,
    openRoute(tags, 'Check the stored token (in the headers) and answer the profile', {
      response: apiResponses(LoginResponseSchema),
    }),
    async (request) => ok(await members.loginWithToken(deps, request.client.token)),
  );

  routes.post(
    MEMBER_PATHS.loginWithSmsCode,
    openRoute(tags, 'Log in with a code sent by SMS', {
      body: LoginWithSmsCodeRequestSchema,
      response: apiResponses(LoginResponseSchema),
    }),
    async (request) => ok(await members.loginWithSmsCode(deps, request.body, callerOf(request))),
  );

  routes.post(
    MEMBER_PATHS.logout,
    openRoute(tags, 'End this session', { response: apiResponses(z.null()) }),
    async (request) => {
      await members.logout(deps, request.client.token);
      return ok(null);
    },
  );

  routes.post(
    MEMBER_PATHS.sendSms,
    openRoute(tags, 'Send a 6-digit code by SMS for login, register, reset or mobile change', {
      body: SendSmsRequestSchema,
      response: apiResponses(SendSmsResponseSchema),
    }),
    async (request) =>
      ok(await members.sendSmsCode(deps, request.body, callerOf(request), request.client.token)),
  );

  routes.post(
    MEMBER_PATHS.checkSms,
    openRoute(tags, 'Check a code without using it up', {
      body: CheckSmsRequestSchema,
      response: apiResponses(z.null()),
    }),
    async (request) => {
      await members.checkSmsCode(deps, request.body);
      return ok(null);
    },
  );

  routes.post(
    MEMBER_PATHS.checkMobile,
    openRoute(tags, 'Whether a mobile is registered (what registration would say anyway)', {
      body: CheckMobileRequestSchema,
      response: apiResponses(CheckMobileResponseSchema),
    }),
    async (request) => {
      // The same answer registration gives, so under the shared per-address limit (abuse-limits.ts).
      return ok({ registered: await members.isRegistered(deps, request.body.mobile, callerOf(request)) });
    },
  );

  routes.post(
    MEMBER_PATHS.resetPassword,
    openRoute(tags, 'Choose a new password with a code sent by SMS', {
      body: ResetPasswordRequestSchema,
      response: apiResponses(z.null()),
    }),
    async (request) => {
      await members.resetPassword(deps, request.body);
      return ok(null);
    },
  );

  routes.post(
    MEMBER_PATHS.modifyPassword,
    memberRoute(tags, 'Change the password, giving the old one', {
      body: ModifyPasswordRequestSchema,
      response: apiResponses(z.null()),
    }),
    async (request) => {
      await members.modifyPassword(deps, sessionOf(request), request.body);
      return ok(null);
    },
  );

  routes.post(
    MEMBER_PATHS.reauthenticate,
    memberRoute(tags, 'Confirm it is the member (password or reauth code) before changing the mobile', {
      body: ReauthenticateRequestSchema,
      response: apiResponses(ReauthenticateResponseSchema),
    }),
    async (request) => ok(await members.reauthenticate(deps, sessionOf(request), request.body)),
  );

  routes.post(
    MEMBER_PATHS.modifyMobile,
    memberRoute(
      tags,
      'Change the mobile number (a code sent to the new one; re-authenticated in the last 5 min)',
      { body: ModifyMobileRequestSchema, response: apiResponses(ProfileSchema) },
    ),
    async (request) =>
      ok(await members.modifyMobile(deps, sessionOf(request), request.body, callerOf(request))),
  );

  routes.post(
    MEMBER_PATHS.selfExclusion,
    memberRoute(
      tags,
      'Self-exclusion for `months` in the market’s range, or for good without it: the account closes, every ' +
        'session ends, and the person’s number, ID, devices, social logins and M-Pesa numbers are refused until it ends',
      { body: SelfExclusionRequestSchema, response: apiResponses(SelfExclusionAnswerSchema) },
    ),
    async (request) => ok(await members.selfExclude(deps, sessionOf(request), request.body)),
  );

  routes.post(
    MEMBER_PATHS.takeBreak,
    memberRoute(
      tags,
      'A time-out within the market’s range: login refused until it ends; every session ends',
      { body: TakeBreakBodySchema, response: apiResponses(BreakTakenSchema) },
    ),
    async (request) => ok(await members.takeBreak(deps, sessionOf(request), request.body.hours)),
  );

  routes.post(
    MEMBER_PATHS.gameKickOut,
    memberRoute(tags, 'Whether this device still holds the right to bet (one device at a time)', {
      response: apiResponses(GameKickOutResponseSchema),
    }),
    async (request) => ok(await members.syncGameKickOut(deps, sessionOf(request))),
  );

  routes.get(
    ACCOUNT_PATHS.memberById,
    memberRoute(tags, 'The caller’s profile', {
      querystring: MemberByIdQuerySchema,
      response: apiResponses(ProfileSchema),
    }),
    async (request) => {
      const current = sessionOf(request);
      // Another member's id is answered like a missing one: nothing tells that it exists.
      if (request.query.id !== undefined && request.query.id !== current.member.id)
        throw new AppError('NOT_FOUND');
      return ok(await members.getProfile(deps, current));
    },
  );

  routes.post(
    MEMBER_PATHS.modifyMemberInfo,
    memberRoute(tags, 'Change one’s own editable profile fields (nickname); anything else is refused', {
      body: ModifyMemberInfoRequestSchema,
      response: apiResponses(ProfileSchema),
    }),
    async (request) => ok(await members.modifyMemberInfo(deps, sessionOf(request), request.body)),
  );

  // Multipart with one image in the field `file` (10 MB at most): read by hand, as zod does not
  // describe a file for the API document.
  const imageFrom = (body: unknown) => {
    const file = (body as { file?: unknown } | undefined)?.file;
    if (file === undefined) {
      throw new AppError('VALIDATION', undefined, [
        { field: 'file', message: 'Cannot be empty, please fill in!' },
      ]);
    }
    return saveImage(uploads, file);
  };

  routes.post(
    MEMBER_PATHS.modifyImg,
    memberRoute(tags, 'Upload a new avatar (multipart field `file`: JPEG, PNG or WebP, 10 MB at most)', {
      response: apiResponses(ProfileSchema),
    }),
    async (request) => {
      const current = sessionOf(request);
      const { url } = await imageFrom(request.body);
      return ok(await members.setAvatar(deps, current, url));
    },
  );

  routes.post(
    MEMBER_PATHS.uploadImage,
    memberRoute(tags, 'Upload an image (multipart field `file`), answering its address', {
      response: apiResponses(ImageUploadResponseSchema),
    }),
    async (request) => {
      sessionOf(request);
      return ok(await imageFrom(request.body));
    },
  );

  routes.post(
    MEMBER_PATHS.smsDeliveryReport,
    openRoute(['callbacks'], "Africa's Talking delivery report (form-encoded)", {
      params: z.object({ secret: z.string().max(128) }),
      body: DeliveryReportSchema,
      response: apiResponses(z.null()),
    }),
    async (request) => {
      if (request.params.secret !== callbackSecret) throw new AppError('NOT_FOUND');
      await members.recordDeliveryReport(deps, request.body);
      return ok(null);
    },
  );
}
