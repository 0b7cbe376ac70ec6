import { z as zod } from 'zod';
import { wholeNumber } from './whole-number.ts';
import { RegistrationIdentitySchema } from './kyc.ts';
import { RegistrationLimitsSchema } from './limits.ts';

import { PASSWORD_MAX, SMS_CODE_LENGTH } from './member-rules.ts';

/**
 * Member service payloads (platform-core §3, §5, §7). Bodies arrive form-encoded by default, so every
 * field is text; the server validates these same schemas. The mobile's shape depends on the country, so
 * schemas only bound its length and the country's rule is checked beside them (`isValidMobile`); the
 * password's length rule is `isValidPassword` in member-rules.ts, checked by the service so a wrong one
 * gets the spec's own message.
 */
export * from './member-rules.ts';

const text = (max: number) => zod.string().trim().max(max);
export const MobileSchema = zod.string().trim().min(1).max(20);
export const PasswordSchema = zod.string().max(200);
export const SmsCodeSchema = zod.string().regex(/^\d{6}$/, 'The code is 6 digits');

export const RegisterRequestSchema = zod.object({
  mobile: MobileSchema,
  password: PasswordSchema,
  confirmPassword: zod.string().max(200),
  /** Needed when system option 160 (SMS code switch) is on. */
  smsCode: zod.string().trim().max(SMS_CODE_LENGTH).optional(),
  /** The inviting member's code, typed or from an invitation link. */
  inviteCode: text(32).optional(),
  /** Derived from the guid cookie (spec §7): ties the registration to the device's first visit. */
  guidCode: text(64).optional(),
  nickName: text(32).optional(),
  /** From a social login with an unknown account: the new member is linked to that account. */
  socialTicket: text(64).optional(),
  /**
   * Required where the market verifies identity before the account exists (`compliance.identity.requiredBefore`
   * is `registration`: Brazil's CPF and liveness): the identity form's values and the selfie. Such a body is
   * sent as JSON (the photo is larger than a form body may be).
   */
  identity: RegistrationIdentitySchema.optional(),
  /** Required where the market's law has players choose their limits at registration (`compliance.limits`). */
  limits: RegistrationLimitsSchema.optional(),
});
export type RegisterRequest = zod.infer<typeof RegisterRequestSchema>;

export const LoginRequestSchema = zod.object({
  mobile: MobileSchema,
  password: zod.string().min(1).max(PASSWORD_MAX),
});
export type LoginRequest = zod.infer<typeof LoginRequestSchema>;

/**
 * What a code sent by SMS is for: a code only works for the purpose it was sent for. `mobile` goes to a
 * new number being added (it must be free); `reauth` goes to the logged-in member's own number.
 */
export const SmsPurposeSchema = zod.enum(['login', 'register', 'reset', 'mobile', 'reauth']);
export type SmsPurpose = zod.infer<typeof SmsPurposeSchema>;

export const SendSmsRequestSchema = zod.object({
  mobile: MobileSchema,
  type: SmsPurposeSchema.default('login'),
});
export type SendSmsRequest = zod.infer<typeof SendSmsRequestSchema>;

export type SendSmsResponse = zod.infer<typeof SendSmsResponseSchema>;
export const SendSmsResponseSchema = zod.object({
  /** Seconds before another code may be requested for this number. */
  resendAfter: zod.number().int(),
  /** Seconds the code stays valid. */
  expiresIn: zod.number().int(),
});

export const CheckSmsRequestSchema = zod.object({
  mobile: MobileSchema,
  smsCode: SmsCodeSchema,
  type: SmsPurposeSchema.default('login'),
});

export const LoginWithSmsCodeRequestSchema = zod.object({
  mobile: MobileSchema,
  code: SmsCodeSchema,
});

export const CheckMobileRequestSchema = zod.object({ mobile: MobileSchema });
export const CheckMobileResponseSchema = zod.object({ registered: zod.boolean() });

export const ResetPasswordRequestSchema = zod.object({
  mobile: MobileSchema,
  smsCode: SmsCodeSchema,
  password: PasswordSchema,
  confirmPassword: zod.string().max(200),
});

export const ModifyPasswordRequestSchema = zod.object({
  oldPassword: zod.string().min(1).max(64),
  password: PasswordSchema,
  confirmPassword: zod.string().max(200),
});

/** Profile (spec §3). Amounts are integer minor units. */
export const ProfileSchema = zod.object({
  id: zod.number().int(),
  mobile: zod.string(),
  money: zod.number().int(),
  withdrawMoney: zod.number().int(),
  bonusMoney: zod.number().int(),
  diamond: zod.number().int(),
  /** Whole tickets (VIP free tickets, migration 0051): the balance the draws spend. */
  tickets: zod.number().int(),
  levelId: zod.number().int(),
  nickName: zod.string(),
  img: zod.string(),
  score: zod.number().int(),
  hasPinCode: zod.boolean(),
  token: zod.string(),
  guid: zod.string(),
  inviteCode: zod.string(),
});
export type Profile = zod.infer<typeof ProfileSchema>;

/** Login response (spec §3): memberInfo and token. */
export const LoginResponseSchema = zod.object({
  memberInfo: ProfileSchema,
  token: zod.string(),
});
export type LoginResponse = zod.infer<typeof LoginResponseSchema>;

/**
 * Self-exclusion (promotions-and-games §8; issue 25 §3): the phrase, letters and digits only, 5 to 10
 * characters, and the length in months within the market's `compliance.breaks.selfExclusionMonths`.
 * Without `months` it is permanent, as it always was before lengths existed (an old client keeps its meaning).
 */
export const SelfExclusionRequestSchema = zod.object({
  content: zod.string().regex(/^[A-Za-z0-9]{5,10}$/, 'Letters and digits only, 5 to 10 characters'),
  months: wholeNumber(1, 1200).optional(),
});

export const SelfExclusionAnswerSchema = zod.object({
  /** When the exclusion ends, epoch ms; null: permanent. */
  endsAt: zod.number().int().nullable(),
});
export type SelfExclusionAnswer = zod.infer<typeof SelfExclusionAnswerSchema>;

export const GameKickOutResponseSchema = zod.object({
  /** True when another device has logged in since: this one may no longer bet. */
  kickedOut: zod.boolean(),
});

/** getMemberById takes an optional id; only the caller's own is answered. */
export const MemberByIdQuerySchema = zod.object({ id: wholeNumber(1, Number.MAX_SAFE_INTEGER).optional() });

export type LoginWithSmsCodeRequest = zod.infer<typeof LoginWithSmsCodeRequestSchema>;
export type ResetPasswordRequest = zod.infer<typeof ResetPasswordRequestSchema>;
export type ModifyPasswordRequest = zod.infer<typeof ModifyPasswordRequestSchema>;

/**
 * modifyMemberInfo: the fields a member may change themselves. Anything else sent is refused. The
 * nickname's rule is `isValidNickname` (member-rules.ts), checked by the service so a wrong one gets its
 * own catalogue code (2030) and message, as the web form shows it.
 */
export const ModifyMemberInfoRequestSchema = zod
  .object({
    nickName: zod.string().trim().max(200).optional(),
  })
  .strict();

/** persona: what the app needs to know about the member's history. */
export const PersonaSchema = zod.object({ totalDepositCount: zod.number().int() });

/** modifyImg and utils/images answer the stored image's address. */
export const ImageUploadResponseSchema = zod.object({ url: zod.string() });

/** Social login (paths of our design): where the player comes back to the app after the provider. */
export const SOCIAL_LOGIN_QUERY = {
  /** `404`: the account is unknown (spec §4), `cancelled`, `failed`, or `refused` (with `code`). */
  outcome: 'social',
  ticket: 'ticket',
  /** With `refused`: the catalogue code of the refusal (2071 a permanent self-exclusion), told in the app's language. */
  code: 'code',
  /** With a self-exclusion's refusal (2070): when it ends (ISO 8601), the error's `params.until`. */
  until: 'until',
} as const;
export const SocialTicketQuerySchema = zod.object({ ticket: zod.string().max(64) });
export const SocialTicketSchema = zod.object({ provider: zod.string(), name: zod.string() });

/** How long a re-authentication lets a sensitive change (the mobile number) go ahead. */
export const REAUTH_VALID_SECONDS = 5 * 60;

/** Re-authentication before a sensitive change (ASVS 7.5.1): the password, or a `reauth` SMS code. */
export const ReauthenticateRequestSchema = zod
  .object({
    password: zod.string().max(200).optional(),
    smsCode: SmsCodeSchema.optional(),
  })
  .refine((body) => (body.password === undefined) !== (body.smsCode === undefined), {
    message: 'Give the password or the SMS code',
  });
export type ReauthenticateRequest = zod.infer<typeof ReauthenticateRequestSchema>;
export const ReauthenticateResponseSchema = zod.object({ validSeconds: zod.number().int() });
export type ReauthenticateResponse = zod.infer<typeof ReauthenticateResponseSchema>;

/** A new mobile number, proven by a `mobile` code sent to it; needs a recent re-authentication. */
export const ModifyMobileRequestSchema = zod.object({ mobile: MobileSchema, smsCode: SmsCodeSchema });
export type ModifyMobileRequest = zod.infer<typeof ModifyMobileRequestSchema>;
