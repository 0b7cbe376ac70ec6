import { describe, expect, it } from 'vitest';
import {
  checkKycField,
  checkKycForm,
  displayDateToCompact,
  dateOfBirthRange,
  kycFieldsFor,
  KYC_MESSAGES,
  type KycFieldName,
} from './kyc.ts';

const today = '20261122';
const check = (name: KycFieldName, value: string, values = {}, country: 'KE' | 'GH' | 'NG' | 'BR' = 'KE') =>
  checkKycField({ name, required: true }, value, { values, country, today });

describe('KYC rules (promotions-and-games §5)', () => {
  it('first name: letters only, no spaces, first letter uppercase', () => {
    expect(check('firstName', 'Wanjiku')).toBeUndefined();
    expect(check('firstName', 'wanjiku')).toBe(KYC_MESSAGES.names);
    expect(check('firstName', 'Mary Ann')).toBe(KYC_MESSAGES.names);
    expect(check('firstName', 'J0hn')).toBe(KYC_MESSAGES.names);
  });

  it('surname: 2 to 22 letters or spaces, starting and ending with a letter', () => {
    expect(check('surname', 'Otieno')).toBeUndefined();
    expect(check('surname', 'van der Berg')).toBeUndefined();
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
    expect(check('IdCardNumber', '123456789')).toBeUndefined();
    expect(check('IdCardNumber', '12345678')).toBe(KYC_MESSAGES.nationalId);
    expect(check('IdCardNumber', '12345678901', {}, 'BR')).toBeUndefined();
    expect(check('IdCardNumber', '123456789', {}, 'BR')).toBe(KYC_MESSAGES.cpf);
  });

  it('Ghana Card switches the id number to GHA- + 9 digits + 1 digit', () => {
    const ghanaCard = { ID_TYPE: 'Ghana Card' };
    expect(check('ID_NUMBER', 'GHA-123456789-0', ghanaCard, 'GH')).toBeUndefined();
    expect(check('ID_NUMBER', 'GHA-12345678-0', ghanaCard, 'GH')).toBe(KYC_MESSAGES.ghanaCard);
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
    expect(fields.map((field) => field.index)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
