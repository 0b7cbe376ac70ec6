import {
  keptLandingUrl,
  LANDING_COOKIE_MAX_AGE_SECONDS,
  LANDING_URL_COOKIE,
  REFERRER_COOKIE,
} from '@app/contracts/member-rules';
import { hasCookie, setCookie } from './cookies.ts';

/**
 * Spec §9's referrer and landing-URL cookies (1 day): at a visitor's first landing, the address they
 * opened and the outside page that sent them there (none when they came from this site or typed the
 * address). The first landing of the day is kept: later pages of the visit do not overwrite it. The
 * registration reads both cookies on the server and keeps them with the member.
 */
export function rememberLanding(address: string, referrer: string): void {
  if (hasCookie(LANDING_URL_COOKIE)) return;
  const landing = keptLandingUrl(address);
  if (!landing) return;
  setCookie(LANDING_URL_COOKIE, landing, LANDING_COOKIE_MAX_AGE_SECONDS);
  const from = keptLandingUrl(referrer);
  if (from && originOf(from) !== originOf(landing)) {
    setCookie(REFERRER_COOKIE, from, LANDING_COOKIE_MAX_AGE_SECONDS);
  }
}

function originOf(address: string): string {
  return new URL(address).origin;
}
