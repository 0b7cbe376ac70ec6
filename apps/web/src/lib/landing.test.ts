import { afterEach, describe, expect, it } from 'vitest';
import { LANDING_URL_COOKIE, REFERRER_COOKIE } from '@app/contracts/member-rules';
import { deleteCookie, getCookie } from './cookies.ts';
import { rememberLanding } from './landing.ts';

afterEach(() => {
  deleteCookie(LANDING_URL_COOKIE);
  deleteCookie(REFERRER_COOKIE);
});

describe('the landing cookies (spec §9)', () => {
  it('keep the address a visitor landed on and the outside page that sent them', () => {
    rememberLanding('https://play.example.com/home?utm_source=fb', 'https://m.facebook.com/story');
    expect(getCookie(LANDING_URL_COOKIE)).toBe('https://play.example.com/home?utm_source=fb');
    expect(getCookie(REFERRER_COOKIE)).toBe('https://m.facebook.com/story');
  });

  it('keep the first landing of the day: a later page does not overwrite it', () => {
    rememberLanding('https://play.example.com/promo/x', 'https://google.com/');
    rememberLanding('https://play.example.com/deposit', 'https://other.example/');
    expect(getCookie(LANDING_URL_COOKIE)).toBe('https://play.example.com/promo/x');
    expect(getCookie(REFERRER_COOKIE)).toBe('https://google.com/');
  });

  it('name no referrer for a page of this site or a typed address', () => {
    rememberLanding('https://play.example.com/home', 'https://play.example.com/login');
    expect(getCookie(LANDING_URL_COOKIE)).toBe('https://play.example.com/home');
    expect(getCookie(REFERRER_COOKIE)).toBeUndefined();
  });
});
