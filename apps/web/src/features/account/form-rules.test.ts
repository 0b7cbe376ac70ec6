import { COUNTRY_PROFILES } from '@app/contracts/country';
import { describe, expect, it } from 'vitest';
import {
  canSubmitLogin,
  confirmationError,
  isNewPasswordPairValid,
  mobileError,
  newPasswordError,
  smsCodeError,
} from './form-rules.ts';

const KE = COUNTRY_PROFILES.KE;

describe('login button rule (spec §4)', () => {
  it('needs a valid mobile and a non-empty password', () => {
    expect(canSubmitLogin('0712345678', 'secret', KE)).toBe(true);
    expect(canSubmitLogin('', 'secret', KE)).toBe(false);
    expect(canSubmitLogin('0712345678', '', KE)).toBe(false);
    expect(canSubmitLogin('071234567', 'secret', KE)).toBe(false);
    expect(canSubmitLogin('712345678X', 'secret', KE)).toBe(false);
  });

  it('accepts passwords of older rules (shorter than 6) but not beyond the maximum', () => {
    expect(canSubmitLogin('0712345678', 'abc', KE)).toBe(true);
    expect(canSubmitLogin('0712345678', 'a'.repeat(21), KE)).toBe(false);
  });

  it("follows the country's rule, not Kenya's", () => {
    expect(canSubmitLogin('671234567', 'secret', COUNTRY_PROFILES.CM)).toBe(true);
    expect(canSubmitLogin('0712345678', 'secret', COUNTRY_PROFILES.CM)).toBe(false);
  });
});

describe('mobile message (spec §5)', () => {
  it('names an invalid number and leaves an empty field alone', () => {
    expect(mobileError('07123', KE)).toBe('msg_invalid_mobile');
    expect(mobileError('1712345678', KE)).toBe('msg_invalid_mobile');
    expect(mobileError('0712345678', KE)).toBeUndefined();
    expect(mobileError('', KE)).toBeUndefined();
  });
});

describe('chosen password (spec §5)', () => {
  it('is 6 to 20 characters', () => {
    expect(newPasswordError('12345')).toBe('account.passwordRule');
    expect(newPasswordError('123456')).toBeUndefined();
    expect(newPasswordError('a'.repeat(20))).toBeUndefined();
    expect(newPasswordError('a'.repeat(21))).toBe('account.passwordRule');
    expect(newPasswordError('')).toBeUndefined();
  });

  it('must match its confirmation', () => {
    expect(confirmationError('secret1', 'secret2')).toBe('account.passwordMismatch');
    expect(confirmationError('secret1', 'secret1')).toBeUndefined();
    expect(confirmationError('secret1', '')).toBeUndefined();
    expect(isNewPasswordPairValid('secret1', 'secret1')).toBe(true);
    expect(isNewPasswordPairValid('secret1', 'secret2')).toBe(false);
    expect(isNewPasswordPairValid('short', 'short')).toBe(false);
  });
});

describe('SMS code (spec §5)', () => {
  it('is exactly 6 digits', () => {
    expect(smsCodeError('123456')).toBeUndefined();
    expect(smsCodeError('12345')).toBe('account.smsCodeRule');
    expect(smsCodeError('12345a')).toBe('account.smsCodeRule');
  });
});
