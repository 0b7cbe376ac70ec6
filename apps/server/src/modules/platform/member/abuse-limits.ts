/**
 * Limits on guessing and flooding, kept in the database so they hold across server processes (their
 * statements are in abuse-limits.repository.ts).
 *
 * Password attempts (reliability §2.1: per account, growing delays, never more than 100 failures an hour)
 * are counted **before** the password is checked, by one conditional statement (`claimAttempt`): the first
 * FREE attempts in a window go ahead; each later one must wait for the lock the previous one set, doubling
 * from 2 s up to 15 min. A burst of parallel guesses is therefore limited exactly like a sequence (reading
 * the lock, checking, then counting let 200 parallel guesses all be checked). An attempt refused by the
 * lock is not counted, so an attack cannot lengthen the owner's wait beyond the next step of the doubling.
 * A success clears the account's count; per address the same rule applies with more free attempts, as
 * many players share a carrier's address, and a success gives its attempt back.
 */
export const LOGIN_LIMITS = {
  accountFreeFailures: 5,
  ipFreeFailures: 30,
  firstDelaySeconds: 2,
  maxDelaySeconds: 15 * 60,
  windowSeconds: 3600,
} as const;

/** SMS sends (reliability §2.1, external-protocols §2): a cooldown and hourly caps (per address: SMS_PER_IP_PER_HOUR). */
export const SMS_LIMITS = {
  resendAfterSeconds: 60,
  perNumberPerHour: 5,
  codeLifetimeSeconds: 5 * 60,
  maxAttempts: 5,
} as const;

/**
 * Answers that tell whether a mobile is registered (checkMobile, registration, an SMS code for a new
 * number, a giveaway's gift, a mobile change): one shared count per address, so no endpoint is a
 * directory of who has an account (issue 22 §4). What is counted is each answer "registered" (counted
 * atomically before it is given); past the limit the address gets RATE_LIMITED for every number, so
 * "not refused" tells nothing either. New numbers are not counted: the many players behind one carrier
 * address (CGNAT) who register in the same hour are never stopped by it.
 */
export const MOBILE_LOOKUP_LIMITS = { perIpPerHour: 30, windowSeconds: 3600 } as const;

/**
 * Registrations that ask the identity service (where the market verifies before the account exists): each
 * call costs money, and its answer says something about a CPF (held here, known to the service, under age),
 * so a number and an address may ask only a few times an hour: enough for a person correcting a typo or a
 * photo, not for running through other people's CPFs with one SMS code (which a refusal leaves valid).
 */
export const REGISTRATION_IDENTITY_LIMITS = {
  perNumberPerHour: 5,
  perIpPerHour: 20,
  windowSeconds: 3600,
} as const;

/** The wait before the next attempt once `attempts` were made in the window: none for the free ones. */
export function lockDelaySeconds(attempts: number, freeAttempts: number): number {
  if (attempts < freeAttempts) return 0;
  const doublings = attempts - freeAttempts;
  return Math.min(
    LOGIN_LIMITS.firstDelaySeconds * 2 ** Math.min(doublings, 30),
    LOGIN_LIMITS.maxDelaySeconds,
  );
}
