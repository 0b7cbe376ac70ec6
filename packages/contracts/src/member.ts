import { z } from 'zod';

import { PASSWORD_MAX, SMS_CODE_LENGTH } from './member-rules.ts';

/**
 * Member service payloads (platform-core §3, §5, §7). Bodies arrive form-encoded by default, so every
 * field is text; the server validates these same schemas. The mobile's shape depends on the country, so
 * schemas only bound its length and the country's rule is checked beside them (`isValidMobile`); the
 * password's length rule is `isValidPassword` in member-rules.ts, checked by the service so a wrong one
 * gets the spec's own message.
 */
export * from './member-rules.ts';

const text = (max: number) => z.string().trim().max(max);
export const MobileSchema = z.string().trim().min(1).max(20);
export const PasswordSchema = z.string().max(200);
export const SmsCodeSchema = z.string().regex(/^\d{6}$/, 'The code is 6 digits');

export const RegisterRequestSchema = z.object({
  mobile: MobileSchema,
  password: PasswordSchema,
  confirmPassword: z.string().max(200),
  /** Needed when system option 160 (SMS code switch) is on. */
  smsCode: z.string().trim().max(SMS_CODE_LENGTH).optional(),
  /** The inviting member's code, typed or from an invitation link. */
  inviteCode: text(32).optional(),
  /** Derived from the guid cookie (spec §7): ties the registration to the device's first visit. */
  guidCode: text(64).optional(),
  nickName: text(32).optional(),
  /** From a social login with an unknown account: the new member is linked to that account. */
  socialTicket: text(64).optional(),
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

export const LoginRequestSchema = z.object({
  mobile: MobileSchema,
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/**
 * What a code sent by SMS is for: a code only works for the purpose it was sent for. `mobile` goes to a
 * new number being added (it must be free); `reauth` goes to the logged-in member's own number.
 */
export const SmsPurposeSchema = z.enum(['login', 'register', 'reset', 'mobile', 'reauth']);
export type SmsPurpose = z.infer<typeof SmsPurposeSchema>;

export const SendSmsRequestSchema = z.object({
  mobile: MobileSchema,
  type: SmsPurposeSchema.default('login'),
});
export type SendSmsRequest = z.infer<typeof SendSmsRequestSchema>;

export type SendSmsResponse = z.infer<typeof SendSmsResponseSchema>;
export const SendSmsResponseSchema = z.object({
  /** Seconds before another code may be requested for this number. */
  resendAfter: z.number().int(),
  /** Seconds the code stays valid. */
  expiresIn: z.number().int(),
});

export const CheckSmsRequestSchema = z.object({
  mobile: MobileSchema,
  smsCode: SmsCodeSchema,
  type: SmsPurposeSchema.default('login'),
});

export const LoginWithSmsCodeRequestSchema = z.object({
  mobile: MobileSchema,
  code: SmsCodeSchema,
});

export const CheckMobileRequestSchema = z.object({ mobile: MobileSchema });
export const CheckMobileResponseSchema = z.object({ registered: z.boolean() });

export const ResetPasswordRequestSchema = z.object({
  mobile: MobileSchema,
  smsCode: SmsCodeSchema,
  password: PasswordSchema,
  confirmPassword: z.string().max(200),
});

export const ModifyPasswordRequestSchema = z.object({
  oldPassword: z.string().min(1).max(64),
  password: PasswordSchema,
  confirmPassword: z.string().max(200),
});

/** Profile (spec §3). Amounts are integer minor units. */
export const ProfileSchema = z.object({
  id: z.number().int(),
  mobile: z.string(),
  money: z.number().int(),
  withdrawMoney: z.number().int(),
  bonusMoney: z.number().int(),
  diamond: z.number().int(),
  levelId: z.number().int(),
  nickName: z.string(),
  img: z.string(),
  score: z.number().int(),
  hasPinCode: z.boolean(),
  token: z.string(),
  guid: z.string(),
  inviteCode: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** Login response (spec §3): memberInfo and token. */
export const LoginResponseSchema = z.object({
  memberInfo: ProfileSchema,
  token: z.string(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** Self-exclusion (promotions-and-games §8): letters and digits only, 5 to 10 characters. */
export const SelfExclusionRequestSchema = z.object({
  content: z.string().regex(/^[A-Za-z0-9]{5,10}$/, 'Letters and digits only, 5 to 10 characters'),
});

export const GameKickOutResponseSchema = z.object({
  /** True when another device has logged in since: this one may no longer bet. */
  kickedOut: z.boolean(),
});

/** getMemberById takes an optional id; only the caller's own is answered. */
export const MemberByIdQuerySchema = z.object({ id: z.coerce.number().int().positive().optional() });

export type LoginWithSmsCodeRequest = z.infer<typeof LoginWithSmsCodeRequestSchema>;
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;
export type ModifyPasswordRequest = z.infer<typeof ModifyPasswordRequestSchema>;

/** modifyMemberInfo: the fields a member may change themselves. Anything else sent is refused. */
export const ModifyMemberInfoRequestSchema = z
  .object({
    nickName: z.string().trim().max(32).optional(),
  })
  .strict();

/** persona: what the app needs to know about the member's history. */
export const PersonaSchema = z.object({ totalDepositCount: z.number().int() });

/** modifyImg and utils/images answer the stored image's address. */
export const ImageUploadResponseSchema = z.object({ url: z.string() });

/** Social login (paths of our design): where the player comes back to the app after the provider. */
export const SOCIAL_LOGIN_QUERY = {
  /** `404`: the account is unknown (spec §4), `cancelled`, or `failed`. */
  outcome: 'social',
  ticket: 'ticket',
} as const;
export const SocialTicketQuerySchema = z.object({ ticket: z.string().max(64) });
export const SocialTicketSchema = z.object({ provider: z.string(), name: z.string() });

/** How long a re-authentication lets a sensitive change (the mobile number) go ahead. */
export const REAUTH_VALID_SECONDS = 5 * 60;

/** Re-authentication before a sensitive change (ASVS 7.5.1): the password, or a `reauth` SMS code. */
export const ReauthenticateRequestSchema = z
  .object({
    password: z.string().max(200).optional(),
    smsCode: SmsCodeSchema.optional(),
  })
  .refine((body) => (body.password === undefined) !== (body.smsCode === undefined), {
    message: 'Give the password or the SMS code',
  });
export type ReauthenticateRequest = z.infer<typeof ReauthenticateRequestSchema>;
export const ReauthenticateResponseSchema = z.object({ validSeconds: z.number().int() });
export type ReauthenticateResponse = z.infer<typeof ReauthenticateResponseSchema>;

/** A new mobile number, proven by a `mobile` code sent to it; needs a recent re-authentication. */
export const ModifyMobileRequestSchema = z.object({ mobile: MobileSchema, smsCode: SmsCodeSchema });
export type ModifyMobileRequest = z.infer<typeof ModifyMobileRequestSchema>;
