import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { SYSTEM_OPTION, type Language } from '@app/contracts/config';
import { isValidMobile, toE164, type CountryProfile } from '@app/contracts/country';
import type { RegistrationIdentity } from '@app/contracts/kyc';
import type { RegistrationLimits } from '@app/contracts/limits';
import type { LoginResponse, Profile, RegisterRequest, SmsPurpose } from '@app/contracts/member';
import { parseGuidCode } from '@app/contracts/referral';
import {
  isValidNickname,
  isValidPassword,
  REAUTH_VALID_SECONDS,
  TOKEN_COOKIE_MAX_AGE_SECONDS,
} from '@app/contracts/member';
import type { Database, MemberRow, MemberStatus } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MemberCaller } from '../../../http/auth.ts';
import type { IdentityVerifier } from '../../../adapters/identity/identity-verifier.ts';
import { getSystemOptions } from '../config/config.service.ts';
import {
  recordRegisteredIdentity,
  verifyForRegistration,
  type RegisteredIdentity,
} from '../kyc/kyc.service.ts';
import { changePlayerLimits } from '../wallet/player-limits.service.ts';
import {
  deviceIdentities,
  phoneIdentity,
  recordSelfExclusion,
  refuseExcluded,
} from '../exclusion/exclusion.service.ts';
import { forfeitBonuses } from '../wallet/bonus-pocket.ts';
import { getBalances, openPlayerAccount } from '../wallet/wallet.service.ts';
import * as limits from './abuse-limits.repository.ts';
import {
  LOGIN_LIMITS,
  MOBILE_LOOKUP_LIMITS,
  REGISTRATION_IDENTITY_LIMITS,
  SMS_LIMITS,
} from './abuse-limits.ts';
import { codeSmsText } from './sms-texts.ts';
import { accountIdentities, newcomerIdentities, sessionDeviceIdentities } from './member-identities.ts';
import * as credentials from './credentials.ts';
import * as repository from './member.repository.ts';
import type { Landing } from './member.repository.ts';

/** Sends one text message; the Africa's Talking adapter in production, its simulator in development. */
export type SmsSender = {
  send(
    to: string,
    message: string,
  ): Promise<{ accepted: boolean; messageId: string | undefined; status: string }>;
};

export type MemberDeps = {
  db: Kysely<Database>;
  country: CountryProfile;
  brandName: string;
  sms: SmsSender;
  /** Codes an hour from one address (SMS_PER_IP_PER_HOUR). */
  smsPerIpPerHour: number;
  /**
   * Greets a new member (the inbox's welcome message). Supplied by the app: messages sit in a layer above
   * accounts, so the member module calls them through this port instead of importing them.
   */
  welcome: (memberId: number, language: Language) => Promise<unknown>;
  /** The identity-verification service, asked before the account exists where the market's law says so. */
  verifier: IdentityVerifier;
  /**
   * The M-Pesa numbers a member paid from or was paid to, as E.164 digits, for a self-exclusion to cover.
   * Supplied by the app: payments sit in a layer above accounts.
   */
  paymentNumbersOf: (memberId: number) => Promise<string[]>;
};

/** Who is calling: the device and address feed the abuse limits and the session record. */
/** Who calls: for abuse limits and sessions; `language` (the app's Accept-Language) for what is written to them. */
export type Caller = { ip: string; deviceId: string | undefined; platform: number; language?: Language };

/** A member's login, as the `memberToken` scheme puts it on the request. */
export type Authenticated = MemberCaller;

const SESSION_LIFETIME_SECONDS = TOKEN_COOKIE_MAX_AGE_SECONDS;
// last_seen_at is written at most this often, so reads do not turn into writes.
const TOUCH_AFTER_MS = 5 * 60 * 1000;

function normaliseMobile(mobile: string, country: CountryProfile): string {
  const trimmed = mobile.replace(/[\s-]/g, '');
  if (!isValidMobile(trimmed, country)) throw new AppError('INVALID_MOBILE');
  return trimmed;
}

/** The new password's rules: 6 to 20 characters (docs/decisions.md), and the confirmation matches. */
function checkConfirmation(password: string, confirmation: string): void {
  if (!isValidPassword(password)) throw new AppError('PASSWORD_RULE');
  if (password !== confirmation) throw new AppError('PASSWORD_MISMATCH');
}

/** The profile (spec §3) with the member's balances from the wallet. */
export async function toProfile(db: Kysely<Database>, member: MemberRow, token: string): Promise<Profile> {
  const balances = await getBalances(db, member.id);
  return {
    id: member.id,
    mobile: member.mobile,
    money: balances.cash,
    withdrawMoney: balances.withdrawable,
    bonusMoney: balances.coins,
    diamond: balances.diamonds,
    tickets: balances.tickets,
    levelId: member.level_id,
    nickName: member.nick_name,
    img: member.img,
    score: member.score,
    hasPinCode: member.pin_hash !== null,
    token,
    guid: member.guid,
    inviteCode: member.invite_code,
  };
}

export async function startSession(
  deps: MemberDeps,
  member: MemberRow,
  caller: Caller,
): Promise<LoginResponse> {
  // A self-exclusion holds the person, not the account: its own, or one covering this account's number, ID,
  // social login or the device logging in (issue 25 §3). One that has ended lets its account back in.
  await refuseExcluded(
    deps.db,
    [...(await accountIdentities(deps.db, deps.country, member)), ...deviceIdentities(caller.deviceId)],
    member.id,
  );
  if (member.disabled_at !== null) throw new AppError('ACCOUNT_DISABLED');
  if (member.status === 'excluded') await repository.reopenExcludedMember(deps.db, member.id);
  if (member.status === 'break' && !(await repository.endFinishedBreak(deps.db, member.id))) {
    throw new AppError('ON_BREAK');
  }
  const token = credentials.newSessionToken();
  await deps.db.transaction().execute(async (trx) => {
    const id = await repository.insertSession(trx, {
      memberId: member.id,
      tokenHash: credentials.hashToken(token),
      deviceId: caller.deviceId ?? null,
      ip: caller.ip,
      lifetimeSeconds: SESSION_LIFETIME_SECONDS,
    });
    // One device at a time may bet: the newest login takes the right from any earlier one.
    await repository.setBettingSession(trx, member.id, id);
  });
  return { memberInfo: await toProfile(deps.db, member, token), token };
}

async function smsCodeRequired(deps: MemberDeps, caller: Caller): Promise<boolean> {
  const options = await getSystemOptions(
    deps.db,
    { platform: caller.platform, language: 'en' },
    SYSTEM_OPTION.SMS_CODE_SWITCH,
  );
  return options.some((option) => option.content.trim() === '1' || option.content.trim() === 'true');
}

async function newInviteCode(deps: MemberDeps): Promise<string> {
  for (;;) {
    const code = credentials.newInviteCode();
    if (!(await repository.inviteCodeTaken(deps.db, code))) return code;
  }
}

/** `landing`: the referrer and landing-URL cookies of the registering browser (spec §9), kept with the member. */
export async function register(
  deps: MemberDeps,
  input: RegisterRequest,
  caller: Caller,
  landing?: Landing,
): Promise<LoginResponse> {
  const mobile = normaliseMobile(input.mobile, deps.country);
  checkConfirmation(input.password, input.confirmPassword);
  if (input.nickName !== undefined && !isValidNickname(input.nickName)) throw new AppError('NICKNAME_RULE');
  const codeRequired = await smsCodeRequired(deps, caller);
  if (codeRequired && !input.smsCode) {
    throw new AppError('VALIDATION', undefined, [
      { field: 'smsCode', message: 'Cannot be empty, please fill in!' },
    ]);
  }
  let invitedBy: number | null = null;
  if (input.inviteCode) {
    invitedBy = (await repository.findMemberIdByInviteCode(deps.db, input.inviteCode)) ?? null;
    if (invitedBy === null) throw new AppError('INVITE_CODE_INVALID');
  } else {
    // The guid cookie of an invitation link (platform-core §7): its code invites, silently ignored if unknown.
    const fromLink = parseGuidCode(input.guidCode);
    if (fromLink) invitedBy = (await repository.findMemberIdByInviteCode(deps.db, fromLink.code)) ?? null;
  }
  if (await findMemberTellingCaller(deps, mobile, caller.ip)) throw new AppError('MOBILE_EXISTS');
  const social = input.socialTicket
    ? await repository.findSocialTicket(deps.db, credentials.hashToken(input.socialTicket))
    : undefined;
  if (input.socialTicket && !social) throw new AppError('SOCIAL_TICKET_INVALID');
  await refuseExcluded(deps.db, newcomerIdentities(deps.country, mobile, caller.deviceId, social));
  const gated = registrationGateOf(deps.country, input);
  let identity: RegisteredIdentity | undefined;
  if (gated.identity) {
    // The code is checked, not used, before the identity service is asked: the service is asked only for
    // the holder of the phone, and a refusal leaves the code valid for the corrected attempt.
    if (codeRequired && input.smsCode) await checkSmsCodeFor(deps, mobile, 'register', input.smsCode);
    const { perNumberPerHour, perIpPerHour, windowSeconds } = REGISTRATION_IDENTITY_LIMITS;
    const withinNumber = await limits.countWithin(
      deps.db,
      `registration-identity:mobile:${mobile}`,
      perNumberPerHour,
      windowSeconds,
    );
    const withinIp = await limits.countWithin(
      deps.db,
      `registration-identity:ip:${caller.ip}`,
      perIpPerHour,
      windowSeconds,
    );
    if (!withinNumber || !withinIp) throw new AppError('RATE_LIMITED');
    identity = await verifyForRegistration(deps, gated.identity);
  }
  // Used up last, so a refusal above leaves the player's code valid for the corrected attempt.
  if (codeRequired && input.smsCode) await consumeSmsCode(deps, mobile, 'register', input.smsCode);
  const newMember = {
    mobile,
    passwordHash: await credentials.hashPassword(input.password),
    nickName: input.nickName?.trim() ?? '',
    guid: randomUUID(),
    inviteCode: await newInviteCode(deps),
    invitedBy,
    guidCode: input.guidCode ?? null,
    ...(landing ? { landing } : {}),
  };
  // One transaction: where the market verifies before the account exists, no member exists without its
  // verified identity and its limits, and a refusal of either leaves no member behind.
  const member = await deps.db.transaction().execute(async (trx) => {
    const inserted = await repository.insertMember(trx, newMember);
    // Taken between the check and the insert by a concurrent registration.
    if (!inserted) throw new AppError('MOBILE_EXISTS');
    if (input.socialTicket)
      await repository.linkSocialTicket(trx, credentials.hashToken(input.socialTicket), inserted.id);
    await openPlayerAccount(trx, inserted.id);
    if (identity) await recordRegisteredIdentity(trx, inserted.id, identity);
    if (gated.limits) {
      await changePlayerLimits(
        trx,
        { timeZone: deps.country.timeZone, coolingOffHours: deps.country.compliance.limits.coolingOffHours },
        inserted.id,
        { limits: gated.limits },
      );
    }
    return inserted;
  });
  await deps.welcome(member.id, caller.language ?? 'en');
  return startSession(deps, member, caller);
}

/**
 * What the market's law asks of a registration beyond the number and password (issue 25 §1 §2; country
 * profile `compliance`): the identity, verified before the account exists (`identity.requiredBefore` is
 * `registration`), and the player's limits (`limits.requiredAtRegistration`). Refuses a registration that
 * lacks them; elsewhere neither is asked nor read.
 */
function registrationGateOf(
  country: CountryProfile,
  input: RegisterRequest,
): { identity?: RegistrationIdentity; limits?: RegistrationLimits } {
  const { identity, limits } = country.compliance;
  const gate: { identity?: RegistrationIdentity; limits?: RegistrationLimits } = {};
  if (identity.requiredBefore === 'registration') {
    if (!input.identity) throw new AppError('REGISTRATION_IDENTITY_REQUIRED');
    gate.identity = input.identity;
  }
  if (limits.requiredAtRegistration) {
    if (!input.limits) throw new AppError('REGISTRATION_LIMITS_REQUIRED');
    gate.limits = input.limits;
  }
  return gate;
}

/**
 * Counts a password attempt on the account (and the caller's address) before the password is checked,
 * so parallel guesses are limited like a sequence (abuse-limits.ts); throws LOGIN_LOCKED while locked.
 */
async function claimPasswordAttempt(deps: MemberDeps, accountKey: string, ipKey?: string): Promise<void> {
  const refuse = (seconds: number) =>
    new AppError('LOGIN_LOCKED', `Too many failed attempts, please try again in ${seconds} s`);
  const accountWait = await limits.claimAttempt(deps.db, accountKey, LOGIN_LIMITS.accountFreeFailures);
  if (accountWait > 0) throw refuse(accountWait);
  if (ipKey === undefined) return;
  const addressWait = await limits.claimAttempt(deps.db, ipKey, LOGIN_LIMITS.ipFreeFailures);
  if (addressWait > 0) {
    // Not checked, so not an attempt on the account.
    await limits.returnAttempt(deps.db, accountKey);
    throw refuse(addressWait);
  }
}

export async function login(
  deps: MemberDeps,
  input: { mobile: string; password: string },
  caller: Caller,
): Promise<LoginResponse> {
  const mobile = normaliseMobile(input.mobile, deps.country);
  const accountKey = `login:mobile:${mobile}`;
  const ipKey = `login:ip:${caller.ip}`;
  await claimPasswordAttempt(deps, accountKey, ipKey);
  const member = await repository.findMemberByMobile(deps.db, mobile);
  const valid = await credentials.verifyPassword(member?.password_hash, input.password);
  if (!member || !valid) throw new AppError('LOGIN_FAILED');
  await limits.clearFailures(deps.db, accountKey);
  await limits.returnAttempt(deps.db, ipKey);
  return startSession(deps, member, caller);
}

export async function loginWithSmsCode(
  deps: MemberDeps,
  input: { mobile: string; code: string },
  caller: Caller,
): Promise<LoginResponse> {
  const mobile = normaliseMobile(input.mobile, deps.country);
  await consumeSmsCode(deps, mobile, 'login', input.code);
  const member = await repository.findMemberByMobile(deps.db, mobile);
  // Codes for login are only sent to registered numbers, so a valid code implies a member.
  if (!member) throw new AppError('SMS_CODE_INVALID');
  return startSession(deps, member, caller);
}

/** The caller's session from the `token` header, or undefined. Ended, expired and closed ones are not. */
export async function authenticate(
  deps: Pick<MemberDeps, 'db'>,
  token: string | undefined,
): Promise<Authenticated | undefined> {
  if (!token) return undefined;
  const live = await repository.findLiveSession(deps.db, credentials.hashToken(token));
  if (!live || live.member.status !== 'active' || live.member.disabled_at !== null) return undefined;
  if (Date.now() - live.lastSeenAt.getTime() > TOUCH_AFTER_MS)
    await repository.touchSession(deps.db, live.sessionId);
  return { member: live.member, sessionId: live.sessionId, token };
}

export async function requireMember(
  deps: Pick<MemberDeps, 'db'>,
  token: string | undefined,
): Promise<Authenticated> {
  const session = await authenticate(deps, token);
  if (!session) throw new AppError('UNAUTHORIZED');
  return session;
}

/**
 * Token login (spec §7): the app's stored token in the headers, answered with the profile. The session
 * and its token stay as they are: this is the app reopening, not a new authentication (which always
 * gets a new token), and replacing the token here would fail every call the app makes at the same
 * moment with the old one. It does not take back the right to bet from a newer login elsewhere.
 */
export async function loginWithToken(deps: MemberDeps, token: string | undefined): Promise<LoginResponse> {
  const session = await requireMember(deps, token);
  return { memberInfo: await toProfile(deps.db, session.member, session.token), token: session.token };
}

export async function logout(deps: MemberDeps, token: string | undefined): Promise<void> {
  const session = await authenticate(deps, token);
  if (session) await repository.endSession(deps.db, session.sessionId, 'logout');
}

export async function sendSmsCode(
  deps: MemberDeps,
  input: { mobile: string; type: SmsPurpose },
  caller: Caller,
  token?: string | undefined,
): Promise<{ resendAfter: number; expiresIn: number }> {
  const mobile = normaliseMobile(input.mobile, deps.country);
  // A re-authentication code goes only to the logged-in member's own number.
  if (input.type === 'reauth') {
    const session = await requireMember(deps, token);
    if (session.member.mobile !== mobile)
      throw new AppError('BAD_REQUEST', 'The code goes to your own number');
  }
  const answer = { resendAfter: SMS_LIMITS.resendAfterSeconds, expiresIn: SMS_LIMITS.codeLifetimeSeconds };
  const tellsRegistration = input.type === 'register' || input.type === 'mobile';
  const member = tellsRegistration
    ? await findMemberTellingCaller(deps, mobile, caller.ip)
    : await repository.findMemberByMobile(deps.db, mobile);
  if (tellsRegistration && member) throw new AppError('MOBILE_EXISTS');
  // Told before the code is sent, so a self-excluded person is not asked for a code they cannot use.
  if (tellsRegistration)
    await refuseExcluded(deps.db, newcomerIdentities(deps.country, mobile, caller.deviceId));
  const since = await repository.secondsSinceLastCode(deps.db, mobile, input.type);
  if (since !== undefined && since < SMS_LIMITS.resendAfterSeconds) {
    throw new AppError(
      'SMS_TOO_SOON',
      `Please wait ${Math.ceil(SMS_LIMITS.resendAfterSeconds - since)} s before requesting another code`,
    );
  }
  const withinNumber = await limits.countWithin(
    deps.db,
    `sms:mobile:${mobile}`,
    SMS_LIMITS.perNumberPerHour,
    3600,
  );
  const withinIp = await limits.countWithin(deps.db, `sms:ip:${caller.ip}`, deps.smsPerIpPerHour, 3600);
  if (!withinNumber || !withinIp) throw new AppError('SMS_LIMIT');

  // Login and reset codes only go to members. The answer is the same either way, so it does not tell
  // whether a number is registered; only the number's owner sees that no SMS came.
  if ((input.type === 'login' || input.type === 'reset') && (!member || member.status !== 'active'))
    return answer;

  const code = credentials.newSmsCode();
  const salt = credentials.newSalt();
  const id = await repository.insertSmsCode(deps.db, {
    mobile,
    purpose: input.type,
    salt,
    codeHash: credentials.hashSmsCode(salt, code),
    lifetimeSeconds: SMS_LIMITS.codeLifetimeSeconds,
    ip: caller.ip,
  });
  const minutes = SMS_LIMITS.codeLifetimeSeconds / 60;
  const text = codeSmsText(caller.language ?? deps.country.defaultLanguage, {
    code,
    brandName: deps.brandName,
    minutes,
  });
  try {
    const result = await deps.sms.send(toE164(mobile, deps.country), text);
    await repository.setSmsGatewayResult(deps.db, id, {
      messageId: result.messageId ?? null,
      status: result.status,
    });
    if (!result.accepted) throw new AppError('SMS_SEND_FAILED');
  } catch (error) {
    if (error instanceof AppError) throw error;
    await repository.markSmsCodeUsed(deps.db, id);
    throw new AppError('SMS_SEND_FAILED');
  }
  return answer;
}

/**
 * Checks a code for a number and purpose. Each wrong try counts; the fifth wrong one ends the code.
 * `consume` uses it up (single use); a plain check leaves it for the step that follows.
 */
async function verifySmsCode(
  deps: MemberDeps,
  mobile: string,
  purpose: SmsPurpose,
  code: string,
  consume: boolean,
): Promise<void> {
  const valid = await deps.db.transaction().execute(async (trx) => {
    const live = await repository.findLiveSmsCode(trx, mobile, purpose);
    if (!live) return false;
    if (!credentials.sameHash(live.codeHash, credentials.hashSmsCode(live.salt, code))) {
      await repository.countSmsAttempt(trx, live.id, live.attempts + 1 >= SMS_LIMITS.maxAttempts);
      return false;
    }
    if (consume) await repository.markSmsCodeUsed(trx, live.id);
    return true;
  });
  if (!valid) throw new AppError('SMS_CODE_INVALID');
}

function consumeSmsCode(deps: MemberDeps, mobile: string, purpose: SmsPurpose, code: string): Promise<void> {
  return verifySmsCode(deps, mobile, purpose, code, true);
}

function checkSmsCodeFor(deps: MemberDeps, mobile: string, purpose: SmsPurpose, code: string): Promise<void> {
  return verifySmsCode(deps, mobile, purpose, code, false);
}

export async function checkSmsCode(
  deps: MemberDeps,
  input: { mobile: string; smsCode: string; type: SmsPurpose },
): Promise<void> {
  await verifySmsCode(deps, normaliseMobile(input.mobile, deps.country), input.type, input.smsCode, false);
}

/**
 * The member with `mobile`, for an answer that tells the caller whether the number is registered: under
 * the shared per-address limit of abuse-limits.ts (MOBILE_LOOKUP_LIMITS). RATE_LIMITED past it, whatever
 * the number; a "registered" answer takes one from the limit first, so parallel asks cannot pass it.
 */
async function findMemberTellingCaller(
  deps: Pick<MemberDeps, 'db'>,
  mobile: string,
  ip: string,
): Promise<MemberRow | undefined> {
  const key = `mobile-lookup:ip:${ip}`;
  const { perIpPerHour, windowSeconds } = MOBILE_LOOKUP_LIMITS;
  if (!(await limits.isBelow(deps.db, key, perIpPerHour, windowSeconds))) throw new AppError('RATE_LIMITED');
  const member = await repository.findMemberByMobile(deps.db, mobile);
  if (member && !(await limits.countWithin(deps.db, key, perIpPerHour, windowSeconds)))
    throw new AppError('RATE_LIMITED');
  return member;
}

/** Whether a mobile has an account, as told to the caller (findMemberTellingCaller's limit). */
export async function isRegistered(
  deps: MemberDeps,
  mobile: string,
  caller: Pick<Caller, 'ip'>,
): Promise<boolean> {
  return (
    (await findMemberTellingCaller(deps, normaliseMobile(mobile, deps.country), caller.ip)) !== undefined
  );
}

export async function resetPassword(
  deps: MemberDeps,
  input: { mobile: string; smsCode: string; password: string; confirmPassword: string },
): Promise<void> {
  const mobile = normaliseMobile(input.mobile, deps.country);
  checkConfirmation(input.password, input.confirmPassword);
  await consumeSmsCode(deps, mobile, 'reset', input.smsCode);
  const member = await repository.findMemberByMobile(deps.db, mobile);
  if (!member) throw new AppError('SMS_CODE_INVALID');
  await repository.updatePasswordHash(deps.db, member.id, await credentials.hashPassword(input.password));
  // Whoever knew the old password is signed out everywhere.
  await repository.endMemberSessions(deps.db, member.id, 'password_reset');
  await limits.clearFailures(deps.db, `login:mobile:${mobile}`);
}

export async function modifyPassword(
  deps: MemberDeps,
  session: Authenticated,
  input: { oldPassword: string; password: string; confirmPassword: string },
): Promise<void> {
  checkConfirmation(input.password, input.confirmPassword);
  const accountKey = `login:mobile:${session.member.mobile}`;
  await claimPasswordAttempt(deps, accountKey);
  if (!(await credentials.verifyPassword(session.member.password_hash, input.oldPassword))) {
    throw new AppError('OLD_PASSWORD_WRONG');
  }
  await limits.clearFailures(deps.db, accountKey);
  await repository.updatePasswordHash(
    deps.db,
    session.member.id,
    await credentials.hashPassword(input.password),
  );
  await repository.endMemberSessions(deps.db, session.member.id, 'password_changed', session.sessionId);
}

/**
 * The back office's player search (issue 26 §2): `query` is a mobile in the national or international form
 * (`0712 345 678`, `+254712345678`), a member id, or the start of a nickname; every reading that fits is
 * tried at once, newest member first. `foundElsewhere`: the members other modules found for the same query
 * (an ID number or a name of the KYC form, a payment's receipt or number), searched in the same query.
 */
export async function searchMembers(
  db: Kysely<Database>,
  country: CountryProfile,
  query: string,
  limit: number,
  foundElsewhere: readonly number[] = [],
): Promise<MemberRow[]> {
  const digits = query.replace(/[\s()-]/g, '');
  const numeric = /^\+?\d+$/.test(digits) ? digits.replace(/^\+/, '') : undefined;
  const dialDigits = country.dialCode.replace(/^\+/, '');
  const national =
    numeric?.startsWith(dialDigits) && numeric.length > dialDigits.length + 6
      ? `${country.trunkPrefix}${numeric.slice(dialDigits.length)}`
      : numeric;
  const id = numeric === undefined ? undefined : Number(numeric);
  return repository.searchMembers(
    db,
    {
      ...(national !== undefined && isValidMobile(national, country) && { mobile: national }),
      ...(id !== undefined && Number.isSafeInteger(id) && id > 0 && { id }),
      nickNameStart: query,
      ids: foundElsewhere,
    },
    limit,
  );
}

/** How many members registered in the span (every account, demonstration ones too): the reports' count. */
export async function countRegistrations(
  db: Kysely<Database> | Transaction<Database>,
  span: { from: Date; to: Date },
): Promise<number> {
  return repository.countRegistrations(db, span);
}

/** When the first member registered (undefined: none yet). */
export async function firstRegistrationTime(
  db: Kysely<Database> | Transaction<Database>,
): Promise<Date | undefined> {
  return repository.firstRegistrationTime(db);
}

export async function findMember(db: Kysely<Database>, memberId: number): Promise<MemberRow | undefined> {
  return repository.findMemberById(db, memberId);
}

export async function getProfile(deps: MemberDeps, session: Authenticated): Promise<Profile> {
  return toProfile(deps.db, session.member, session.token);
}

/**
 * Self-exclusion (issue 25 §3): for `months` within the market's range, or for good (`undefined`, where the
 * market allows it). The account is closed and every session ends; the person's identities of this moment
 * (login number, ID number, social logins, every device its sessions came from, every M-Pesa number it
 * paid with or was paid to) are excluded with it, so no account registers, logs in, verifies or pays with
 * them until it ends. Every active and pending bonus is forfeited in the same transaction (its bonus cash
 * back to its budget). Answers when it ends (null: never).
 */
export async function selfExclude(
  deps: MemberDeps,
  session: Authenticated,
  input: { content: string; months?: number | undefined },
): Promise<{ endsAt: number | null }> {
  const { selfExclusionMonths: range, permanentSelfExclusion } = deps.country.compliance.breaks;
  const months = input.months ?? null;
  if (months === null ? !permanentSelfExclusion : months < range.min || months > range.max)
    throw new AppError('SELF_EXCLUSION_LENGTH');
  const memberId = session.member.id;
  const identities = [
    ...(await accountIdentities(deps.db, deps.country, session.member)),
    ...(await sessionDeviceIdentities(deps.db, memberId)),
    ...(await deps.paymentNumbersOf(memberId)).map(phoneIdentity),
  ];
  const endsAt = await deps.db.transaction().execute(async (trx) => {
    await repository.excludeMember(trx, memberId, input.content);
    await repository.endMemberSessions(trx, memberId, 'self_exclusion');
    await forfeitBonuses(trx, memberId, 'self_exclusion');
    return recordSelfExclusion(trx, memberId, months, identities);
  });
  return { endsAt: endsAt?.getTime() ?? null };
}

/**
 * A time-out (issue 25 §3): `hours` within the market's range; the member is on a break until it ends
 * (login refused, no promotion, no message to every member) and every session ends now, this one too.
 * Bonuses are kept: a break is not a closure. Answers when it ends.
 */
export async function takeBreak(
  deps: MemberDeps,
  session: Authenticated,
  hours: number,
): Promise<{ endsAt: number }> {
  const { min, max } = deps.country.compliance.breaks.timeOutHours;
  if (hours < min || hours > max) throw new AppError('BREAK_LENGTH');
  const endsAt = await deps.db.transaction().execute(async (trx) => {
    const ends = await repository.startBreak(trx, session.member.id, hours);
    await repository.endMemberSessions(trx, session.member.id, 'break');
    return ends;
  });
  return { endsAt: endsAt.getTime() };
}

/** One device at a time (spec §6): whether this session still holds the right to bet. */
export async function syncGameKickOut(
  deps: MemberDeps,
  session: Authenticated,
): Promise<{ kickedOut: boolean }> {
  const member = await repository.findMemberById(deps.db, session.member.id);
  return { kickedOut: member?.betting_session_id !== session.sessionId };
}

/** A member's account status by id (undefined for no such member), for callers without a login session. */
export async function findMemberStatus(
  deps: Pick<MemberDeps, 'db'>,
  memberId: number,
): Promise<MemberStatus | undefined> {
  return (await repository.findMemberById(deps.db, memberId))?.status;
}

/**
 * Whether a member is in good standing (active: not self-excluded or closed), read inside the caller's
 * transaction with the member's row share-locked: a promotion that pays in that transaction cannot pay a
 * member whose self-exclusion commits first, and a self-exclusion waits for a payment already under way
 * (which it then forfeits with the rest). Promotions ask this before every reward (fail closed).
 */
export async function lockMemberInGoodStanding(
  trx: Transaction<Database>,
  memberId: number,
): Promise<boolean> {
  return (await repository.lockMemberStatus(trx, memberId)) === 'active';
}

/**
 * Whether a member may bet from a game launched by `memberSessionId`: the account is active and that login
 * session still holds the right to bet (a later login on another device takes it, spec §6).
 */
export async function holdsRightToBet(
  deps: Pick<MemberDeps, 'db'>,
  memberId: number,
  memberSessionId: number | null,
): Promise<{ active: boolean; rightToBet: boolean }> {
  return rightToBetOf(await repository.findMemberById(deps.db, memberId), memberSessionId);
}

/** Embedded by the provider wallet in its one statement per call (member.repository.ts). */
export { bettingStateQuery } from './member.repository.ts';
/** Embedded by the message to every member and the operators' withdrawal cases. */
export { activeMemberIdsQuery, memberMobilesQuery } from './member.repository.ts';

/** `holdsRightToBet`'s rule on a member's row already read (undefined: no such member). */
export function rightToBetOf(
  member: { status: MemberStatus; betting_session_id: number | null } | undefined,
  memberSessionId: number | null,
): { active: boolean; rightToBet: boolean } {
  return {
    active: member?.status === 'active',
    rightToBet: memberSessionId !== null && member?.betting_session_id === memberSessionId,
  };
}

export async function recordDeliveryReport(
  deps: MemberDeps,
  report: { id: string; status: string },
): Promise<void> {
  await repository.setSmsDeliveryStatus(deps.db, report.id, report.status);
}

/** An active member's id by mobile (operators address members by number). */
export async function findActiveMemberId(
  deps: Pick<MemberDeps, 'db'>,
  mobile: string,
): Promise<number | undefined> {
  const member = await repository.findMemberByMobile(deps.db, mobile.trim());
  return member?.status === 'active' ? member.id : undefined;
}

/**
 * Members' mobiles by id, for lists that show them masked (the game centre's winners and winner
 * notices); unknown ids are left out. At most a page of ids at a time.
 */
export async function findMobiles(
  deps: Pick<MemberDeps, 'db'>,
  memberIds: readonly number[],
): Promise<Map<number, string>> {
  const ids = [...new Set(memberIds)];
  const members = await Promise.all(ids.map((id) => repository.findMemberById(deps.db, id)));
  return new Map(members.flatMap((member) => (member ? [[member.id, member.mobile] as const] : [])));
}

/** Time-outs, newest first (the back office's register, issue 26 §4): running ones, or every one. */
export async function listBreaks(
  db: Kysely<Database>,
  filter: { inForce: boolean; memberId?: number; limit: number },
): Promise<{ id: number; memberId: number; startsAt: Date; endsAt: Date; inForce: boolean }[]> {
  const rows = await repository.findBreaks(db, filter);
  return rows.map((row) => ({
    id: Number(row.id),
    memberId: Number(row.member_id),
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    inForce: row.in_force,
  }));
}

/** A member changes only their own editable fields; money, level and KYC are not among them. */
export async function modifyMemberInfo(
  deps: MemberDeps,
  session: Authenticated,
  input: { nickName?: string | undefined },
): Promise<Profile> {
  if (input.nickName !== undefined) {
    if (!isValidNickname(input.nickName)) throw new AppError('NICKNAME_RULE');
    await repository.updateProfileFields(deps.db, session.member.id, { nick_name: input.nickName.trim() });
  }
  return profileOf(deps, session);
}

export async function setAvatar(deps: MemberDeps, session: Authenticated, url: string): Promise<Profile> {
  await repository.updateProfileFields(deps.db, session.member.id, { img: url });
  return profileOf(deps, session);
}

async function profileOf(deps: MemberDeps, session: Authenticated): Promise<Profile> {
  const member = await repository.findMemberById(deps.db, session.member.id);
  if (!member) throw new AppError('UNAUTHORIZED');
  return toProfile(deps.db, member, session.token);
}

/** The name on the provider account a social ticket stands for, to greet the player on /register-facebook. */
export async function describeSocialTicket(
  deps: Pick<MemberDeps, 'db'>,
  ticket: string,
): Promise<{ provider: string; name: string }> {
  const found = await repository.findSocialTicket(deps.db, credentials.hashToken(ticket));
  if (!found) throw new AppError('SOCIAL_TICKET_INVALID');
  return { provider: found.provider, name: found.name };
}

/**
 * Confirms it is the member before a sensitive change (ASVS 7.5.1): the password, or a `reauth` code sent
 * to their own number. Wrong passwords count towards the account's login limit.
 */
export async function reauthenticate(
  deps: MemberDeps,
  session: Authenticated,
  input: { password?: string | undefined; smsCode?: string | undefined },
): Promise<{ validSeconds: number }> {
  if (input.password !== undefined) {
    const accountKey = `login:mobile:${session.member.mobile}`;
    await claimPasswordAttempt(deps, accountKey);
    if (!(await credentials.verifyPassword(session.member.password_hash, input.password))) {
      throw new AppError('LOGIN_FAILED');
    }
    await limits.clearFailures(deps.db, accountKey);
  } else if (input.smsCode !== undefined) {
    await consumeSmsCode(deps, session.member.mobile, 'reauth', input.smsCode);
  } else {
    throw new AppError('VALIDATION');
  }
  await repository.markReauthenticated(deps.db, session.sessionId);
  return { validSeconds: REAUTH_VALID_SECONDS };
}

/** A new mobile, proven by a `mobile` code sent to it, within minutes of a re-authentication. */
export async function modifyMobile(
  deps: MemberDeps,
  session: Authenticated,
  input: { mobile: string; smsCode: string },
  caller: Pick<Caller, 'ip'>,
): Promise<Profile> {
  const mobile = normaliseMobile(input.mobile, deps.country);
  if (!(await repository.reauthenticatedWithin(deps.db, session.sessionId, REAUTH_VALID_SECONDS))) {
    throw new AppError('REAUTH_REQUIRED');
  }
  if (await findMemberTellingCaller(deps, mobile, caller.ip)) throw new AppError('MOBILE_EXISTS');
  await refuseExcluded(deps.db, [phoneIdentity(toE164(mobile, deps.country))]);
  await consumeSmsCode(deps, mobile, 'mobile', input.smsCode);
  if (!(await repository.updateMobile(deps.db, session.member.id, mobile)))
    throw new AppError('MOBILE_EXISTS');
  // Whoever held a session under the old number is signed out; this one goes on.
  await repository.endMemberSessions(deps.db, session.member.id, 'mobile_changed', session.sessionId);
  return profileOf(deps, session);
}

/**
 * Who invited a member, and the guid code of the registration (the invitation link's code and channel), for
 * the referral programme; undefined for no such member.
 */
export async function findInvitation(
  deps: Pick<MemberDeps, 'db'>,
  memberId: number,
): Promise<{ invitedBy: number | null; guidCode: string | null; inviteCode: string } | undefined> {
  const member = await repository.findMemberById(deps.db, memberId);
  return member
    ? { invitedBy: member.invited_by, guidCode: member.guid_code, inviteCode: member.invite_code }
    : undefined;
}

/** The member whose invite code this is (case-insensitive), if any. */
export async function findMemberIdByInviteCode(
  deps: Pick<MemberDeps, 'db'>,
  inviteCode: string,
): Promise<number | undefined> {
  return repository.findMemberIdByInviteCode(deps.db, inviteCode);
}

/**
 * The device ids and addresses members' login sessions came from (the referral programme's abuse signals),
 * by member; members without sessions are absent.
 */
export async function findSessionSignals(
  deps: Pick<MemberDeps, 'db'>,
  memberIds: readonly number[],
): Promise<Map<number, { deviceIds: string[]; ips: string[] }>> {
  const rows = await repository.findSessionSignals(deps.db, [...new Set(memberIds)]);
  const byMember = new Map<number, { deviceIds: string[]; ips: string[] }>();
  for (const row of rows) {
    const entry = byMember.get(row.memberId) ?? { deviceIds: [], ips: [] };
    if (row.deviceId && !entry.deviceIds.includes(row.deviceId)) entry.deviceIds.push(row.deviceId);
    if (row.ip && !entry.ips.includes(row.ip)) entry.ips.push(row.ip);
    byMember.set(row.memberId, entry);
  }
  return byMember;
}

/**
 * Of the ids given, the members in good standing (not self-excluded nor closed), for jobs that settle many
 * members at once (weekly cash back). A read: whoever pays re-checks inside the paying transaction
 * (`lockMemberInGoodStanding`).
 */
export async function activeMembersAmong(
  db: Kysely<Database>,
  memberIds: readonly number[],
): Promise<Set<number>> {
  const active = new Set<number>();
  for (let start = 0; start < memberIds.length; start += 20_000) {
    for (const id of await repository.findActiveAmong(db, memberIds.slice(start, start + 20_000)))
      active.add(id);
  }
  return active;
}
