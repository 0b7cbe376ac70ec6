import { describe, expect, it } from 'vitest';
import { CLIENT_ERRORS, ERRORS, SUCCESS_CODE, findErrorKeyByCode } from './errors.ts';
import { SESSION_PAUSE_MINUTES } from './limits.ts';

describe('error catalogue', () => {
  it('gives every error a unique code, distinct from success and the client codes', () => {
    const codes = Object.values(ERRORS).map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).not.toContain(SUCCESS_CODE);
    for (const clientCode of Object.values(CLIENT_ERRORS)) expect(codes).not.toContain(clientCode);
  });

  it('maps codes back to keys', () => {
    expect(findErrorKeyByCode(ERRORS.MOBILE_EXISTS.code)).toBe('MOBILE_EXISTS');
    expect(findErrorKeyByCode(424242)).toBeUndefined();
  });

  it('keeps the spec texts', () => {
    expect(ERRORS.MOBILE_EXISTS.msg).toBe('The mobile already exists');
    expect(ERRORS.INSUFFICIENT_BALANCE.msg).toBe('Insufficient balance, please recharge');
    expect(ERRORS.INVALID_MOBILE.msg).toBe('Incorrect format of mobile');
  });

  it('tells a player stopped by the session limit the pause the wallet waits for', () => {
    expect(ERRORS.LIMIT_SESSION.msg).toContain(`${SESSION_PAUSE_MINUTES}-minute break`);
  });
});
