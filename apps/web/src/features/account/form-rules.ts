import { isValidMobile, type CountryProfile } from '@app/contracts/country';
import { PASSWORD_MAX, PASSWORD_MIN, SMS_CODE_LENGTH } from '@app/contracts/member-rules';

/*
 * The account forms' rules (spec §5), the same numbers the server's schemas use. Messages are i18n keys.
 * Login accepts any non-empty password up to the maximum: members registered under the older 6-to-12
 * and 1-to-16 rules must still get in; the 6-to-20 rule applies where a password is chosen.
 */

export function isMobileValid(mobile: string, country: CountryProfile): boolean {
  return isValidMobile(mobile.trim(), country);
}

/** The message under the mobile field once it lost focus; an empty field waits for the player. */
export function mobileError(mobile: string, country: CountryProfile): string | undefined {
  return mobile.trim() === '' || isMobileValid(mobile, country) ? undefined : 'msg_invalid_mobile';
}

export function isLoginPasswordValid(password: string): boolean {
  return password.length > 0 && password.length <= PASSWORD_MAX;
}

/** Spec §4: the login button is enabled only when both fields are non-empty and valid. */
export function canSubmitLogin(mobile: string, password: string, country: CountryProfile): boolean {
  return isMobileValid(mobile, country) && isLoginPasswordValid(password);
}

export function isNewPasswordValid(password: string): boolean {
  return password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX;
}

/** A chosen password: 6 to 20 characters. Empty shows nothing (spec §5: the field allows empty). */
export function newPasswordError(password: string): string | undefined {
  return password === '' || isNewPasswordValid(password) ? undefined : 'account.passwordRule';
}

export function confirmationError(password: string, confirmation: string): string | undefined {
  return confirmation === '' || confirmation === password ? undefined : 'account.passwordMismatch';
}

export function isSmsCodeValid(code: string): boolean {
  return code.length === SMS_CODE_LENGTH && /^\d+$/.test(code);
}

export function smsCodeError(code: string): string | undefined {
  return code === '' || isSmsCodeValid(code) ? undefined : 'account.smsCodeRule';
}

/** A chosen password and its confirmation, both valid and equal. */
export function isNewPasswordPairValid(password: string, confirmation: string): boolean {
  return isNewPasswordValid(password) && confirmation === password;
}
