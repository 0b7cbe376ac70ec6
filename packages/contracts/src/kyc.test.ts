import { describe, expect, it } from 'vitest';
import {
  checkIdentityNumber,
  checkKycField,
  checkKycForm,
  displayDateToCompact,
  dateOfBirthRange,
  hasValidCpfCheckDigits,
  kycFieldsFor,
  KYC_MESSAGES,
  type KycFieldName,
} from './kyc.ts';
import { COUNTRY_PROFILES } from './country.ts';

const today = '20261122';
const check = (name: KycFieldName, value: string, values = {}, country: 'KE' | 'GH' | 'NG' | 'BR' = 'KE') =>
  checkKycField({ name, required: true }, value, { values, country, today });

describe('KYC rules (promotions-and-games §5)', () => {
  it('first name: letters only, no spaces, first letter uppercase', () => {
    expect(check('firstName', 'Wanjiku')).toBeUndefined();
    expect(check('firstName', 'wanjiku')).toBe(KYC_MESSAGES.names);
    expect(check('firstName', 'Mary Ann')).toBe(KYC_MESSAGES.names);
    expect(check('firstName', 'J0hn')).toBe(KYC_MESSAGES.names);
    // Letters with accents are letters: Brazilian (and French) names.
    expect(check('firstName', 'João')).toBeUndefined();
    expect(check('firstName', 'Élodie')).toBeUndefined();
    expect(check('firstName', 'joão')).toBe(KYC_MESSAGES.names);
    expect(check('firstName', 'Jo-ão')).toBe(KYC_MESSAGES.names);
  });

  it('surname: 2 to 22 letters or spaces, starting and ending with a letter', () => {
    expect(check('surname', 'Otieno')).toBeUndefined();
    expect(check('surname', 'van der Berg')).toBeUndefined();
    expect(check('surname', 'da Conceição')).toBeUndefined();
    expect(check('surname', 'O')).toBe(KYC_MESSAGES.names);
    expect(check('surname', 'Otieno ')).toBeUndefined(); // trimmed
    expect(check('surname', 'A'.repeat(23))).toBe(KYC_MESSAGES.names);
    expect(check('surname', 'A'.repeat(22))).toBeUndefined();
  });

  it('e-mail, BVN, national id, CPF', () => {
    expect(check('email', 'player@example.co.ke')).toBeUndefined();
    expect(check('email', 'player@example')).toBe(KYC_MESSAGES.email);
    expect(check('BVN', '12345678901', {}, 'NG')).toBeUndefined();
    expect(check('BVN', '1234567890', {}, 'NG')).toBe(KYC_MESSAGES.bvn);
  });

  it('Kenya: the document type decides the number, from the country profile', () => {
    const rule = (slug: string) => COUNTRY_PROFILES.KE.identityDocuments.find((d) => d.slug === slug)?.rule;
    const nationalId = { ID_TYPE: 'National ID' };
    // Second-generation cards: 7 or 8 digits (the refused 8-digit ID).
    expect(check('ID_NUMBER', '12345678', nationalId)).toBeUndefined();
    expect(check('ID_NUMBER', '1234567', nationalId)).toBeUndefined();
    expect(check('ID_NUMBER', ' 23456789 ', nationalId)).toBeUndefined();
    expect(check('ID_NUMBER', '123456', nationalId)).toBe(rule('ke-national-id'));
    expect(check('ID_NUMBER', '123456789', nationalId)).toBe(rule('ke-national-id'));
    expect(check('ID_NUMBER', '1234567A', nationalId)).toBe(rule('ke-national-id'));
    // Maisha Namba: 14 digits.
    expect(check('ID_NUMBER', '10012345678901', { ID_TYPE: 'Maisha Namba' })).toBeUndefined();
    expect(check('ID_NUMBER', '12345678', { ID_TYPE: 'Maisha Namba' })).toBe(rule('ke-maisha-namba'));
    // Passport: letters and digits, lower case taken as capitals.
    expect(check('ID_NUMBER', 'ak0123456', { ID_TYPE: 'Passport' })).toBeUndefined();
    expect(check('ID_NUMBER', 'AK-01234', { ID_TYPE: 'Passport' })).toBe(rule('ke-passport'));
    expect(check('ID_NUMBER', '1234567', { ID_TYPE: 'Alien ID' })).toBeUndefined();
    expect(check('ID_NUMBER', 'A123456', { ID_TYPE: 'Alien ID' })).toBe(rule('ke-alien-id'));
    // A type Kenya does not accept, and a number without a type.
    expect(check('ID_TYPE', 'Ghana Card')).toBe(KYC_MESSAGES.idType);
    expect(check('ID_TYPE', 'Maisha Namba')).toBeUndefined();
    expect(check('ID_NUMBER', '12345678')).toBe(KYC_MESSAGES.idType);
  });

  it('the rule follows the profile: change a market’s document and the check follows', () => {
    const [nationalId] = COUNTRY_PROFILES.KE.identityDocuments;
    const nineDigits = { ...nationalId!, pattern: '^\\d{9}$', rule: 'Nine digits' };
    expect(checkIdentityNumber(nineDigits, '123456789')).toBeUndefined();
    expect(checkIdentityNumber(nineDigits, '12345678')).toBe('Nine digits');
  });

  it('Brazil: the CPF with its two check digits, written with or without dots and dash', () => {
    expect(hasValidCpfCheckDigits('52998224725')).toBe(true);
    expect(hasValidCpfCheckDigits('52998224724')).toBe(false);
    expect(hasValidCpfCheckDigits('11111111111')).toBe(false);
    expect(check('IdCardNumber', '529.982.247-25', {}, 'BR')).toBeUndefined();
    expect(check('IdCardNumber', '12345678909', {}, 'BR')).toBeUndefined();
    expect(check('IdCardNumber', '12345678901', {}, 'BR')).toBe(KYC_MESSAGES.cpfCheckDigits);
    expect(check('IdCardNumber', '123456789', {}, 'BR')).toBe(COUNTRY_PROFILES.BR.identityDocuments[0]?.rule);
  });

  it('Ghana Card switches the id number to GHA- + 9 digits + 1 digit', () => {
    const ghanaCard = { ID_TYPE: 'Ghana Card' };
    expect(check('ID_NUMBER', 'GHA-123456789-0', ghanaCard, 'GH')).toBeUndefined();
    expect(check('ID_NUMBER', 'GHA-12345678-0', ghanaCard, 'GH')).toBe(
      COUNTRY_PROFILES.GH.identityDocuments[0]?.rule,
    );
    expect(check('ID_NUMBER', 'P1234567', { ID_TYPE: 'Passport' }, 'GH')).toBeUndefined();
    expect(check('ID_TYPE', 'Library card', {}, 'GH')).toBe(KYC_MESSAGES.idType);
  });

  it('date of birth from 70 years ago to 6 years ago, entered dd-mm-yyyy and sent yyyymmdd', () => {
    expect(dateOfBirthRange(today)).toEqual({ earliest: '19561122', latest: '20201122' });
    expect(check('dateOfBirth', '20201122')).toBeUndefined();
    expect(check('dateOfBirth', '20201123')).toBe(KYC_MESSAGES.dateOfBirth);
    expect(check('dateOfBirth', '19561122')).toBeUndefined();
    expect(check('dateOfBirth', '19561121')).toBe(KYC_MESSAGES.dateOfBirth);
    expect(check('dateOfBirth', '19900230')).toBe(KYC_MESSAGES.dateOfBirth);
    expect(displayDateToCompact('05-03-1990')).toBe('19900305');
    expect(displayDateToCompact('31-02-1990')).toBeUndefined();
  });

  it('a required field may not be empty; an optional one may', () => {
    const fields = kycFieldsFor('KE');
    const problems = checkKycForm(fields, { firstName: 'Wanjiku' }, { country: 'KE', today });
    expect(problems.surname).toBe(KYC_MESSAGES.required);
    expect(problems.email).toBeUndefined();
    expect(fields.map((field) => field.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});
