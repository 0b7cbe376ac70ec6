import { describe, expect, it } from 'vitest';
import { returnPathAfterLogin } from './return-path.ts';

describe('returnPathAfterLogin (spec §4)', () => {
  it('goes to r when it is a path on this site', () => {
    expect(returnPathAfterLogin('/member/messages?page=2', '/promotion')).toBe('/member/messages?page=2');
  });

  it('ignores an r that leaves the site, then uses the previous page', () => {
    expect(returnPathAfterLogin('https://evil.example/x', '/promotion')).toBe('/promotion');
    expect(returnPathAfterLogin('//evil.example', '/promotion')).toBe('/promotion');
  });

  it('never returns to login or register', () => {
    expect(returnPathAfterLogin('/login?r=%2Fme', '/deposit')).toBe('/deposit');
    expect(returnPathAfterLogin(null, '/register?r=%2Fme')).toBe('/home');
    expect(returnPathAfterLogin(null, '/login')).toBe('/home');
    expect(returnPathAfterLogin(null, '/password/reset')).toBe('/home');
  });

  it('uses the previous page without r, else home', () => {
    expect(returnPathAfterLogin(null, '/me')).toBe('/me');
    expect(returnPathAfterLogin('', undefined)).toBe('/home');
  });
});
