import { COUNTRY_PROFILES } from '@app/contracts/country';
import { KYC_MESSAGES, type KycField } from '@app/contracts/kyc';
import { describe, expect, it } from 'vitest';
import {
  canSubmitKyc,
  checkShownField,
  checkShownForm,
  formatDateInput,
  messageKey,
  problemsFromAnswer,
  toKycBody,
  toSentValue,
} from './kyc-rules.ts';

const GH_FIELDS: KycField[] = [
  { index: 0, name: 'firstName', required: true },
  { index: 1, name: 'surname', required: true },
  { index: 2, name: 'dateOfBirth', required: true },
  { index: 3, name: 'ID_TYPE', required: true },
  { index: 4, name: 'ID_NUMBER', required: true },
  { index: 5, name: 'email', required: false },
];
const context = { country: 'GH' as const, today: '20261122' };
const idNumber = GH_FIELDS[4]!;
const dateOfBirth = GH_FIELDS[2]!;

const GHANA_CARD = COUNTRY_PROFILES.GH.identityDocuments[0]!;

describe('date of birth: shown dd-mm-yyyy, sent yyyymmdd', () => {
  it('puts the dashes in as the digits come, and drops anything else', () => {
    expect(formatDateInput('0')).toBe('0');
    expect(formatDateInput('010')).toBe('01-0');
    expect(formatDateInput('01021990')).toBe('01-02-1990');
    expect(formatDateInput('01-02-19905')).toBe('01-02-1990');
    expect(formatDateInput('01/02/1990')).toBe('01-02-1990');
  });

  it('converts a real date to yyyymmdd and anything else to empty', () => {
    expect(toSentValue('dateOfBirth', ' 01-02-1990 ')).toBe('19900201');
    expect(toSentValue('dateOfBirth', '31-02-1990')).toBe('');
    expect(toSentValue('dateOfBirth', '01-02-19')).toBe('');
    expect(toSentValue('firstName', ' Ama ')).toBe('Ama');
  });

  it('checks the range on the converted date, and calls a half-typed date wrong, not missing', () => {
    expect(checkShownField(dateOfBirth, { dateOfBirth: '01-02-1990' }, context)).toBeUndefined();
    expect(checkShownField(dateOfBirth, { dateOfBirth: '01-02-2024' }, context)).toBe(
      KYC_MESSAGES.dateOfBirth,
    );
    expect(checkShownField(dateOfBirth, { dateOfBirth: '01-02' }, context)).toBe(KYC_MESSAGES.dateOfBirth);
    expect(checkShownField(dateOfBirth, {}, context)).toBe(KYC_MESSAGES.required);
  });
});

describe('KYC form rules', () => {
  it('enables submit only when every required field is filled', () => {
    const filled = {
      firstName: 'Ama',
      surname: 'Mensah',
      dateOfBirth: '01-02-1990',
      ID_TYPE: 'Passport',
      ID_NUMBER: 'P123',
    };
    expect(canSubmitKyc(GH_FIELDS, filled)).toBe(true);
    expect(canSubmitKyc(GH_FIELDS, { ...filled, ID_NUMBER: '  ' })).toBe(false);
    expect(canSubmitKyc(GH_FIELDS, { ...filled, email: '' })).toBe(true);
  });

  it('switches the id number rule to GHA-123456789-0 for a Ghana Card', () => {
    expect(checkShownField(idNumber, { ID_TYPE: 'Passport', ID_NUMBER: 'P123' }, context)).toBeUndefined();
    expect(checkShownField(idNumber, { ID_TYPE: 'Ghana Card', ID_NUMBER: 'P123' }, context)).toBe(
      GHANA_CARD.rule,
    );
    expect(
      checkShownField(idNumber, { ID_TYPE: 'Ghana Card', ID_NUMBER: 'GHA-123456789-0' }, context),
    ).toBeUndefined();
  });

  it('names every problem of the form', () => {
    expect(checkShownForm(GH_FIELDS, { firstName: 'ama', email: 'x@' }, context)).toEqual({
      firstName: KYC_MESSAGES.names,
      surname: KYC_MESSAGES.required,
      dateOfBirth: KYC_MESSAGES.required,
      ID_TYPE: KYC_MESSAGES.required,
      ID_NUMBER: KYC_MESSAGES.required,
      email: KYC_MESSAGES.email,
    });
  });

  it('posts field{index} values, trimmed, with the date as yyyymmdd', () => {
    expect(
      toKycBody(GH_FIELDS, {
        firstName: ' Ama',
        surname: 'Mensah',
        dateOfBirth: '01-02-1990',
        ID_TYPE: 'Ghana Card',
        ID_NUMBER: 'GHA-123456789-0',
      }),
    ).toEqual({
      field0: 'Ama',
      field1: 'Mensah',
      field2: '19900201',
      field3: 'Ghana Card',
      field4: 'GHA-123456789-0',
      field5: '',
    });
  });

  it("reads the answer's errors by field{index} or by name", () => {
    expect(
      problemsFromAnswer(GH_FIELDS, [
        { field: 'field1', message: KYC_MESSAGES.names },
        { field: 'email', message: KYC_MESSAGES.email },
        { field: 'field9', message: 'Not a field of this form' },
      ]),
    ).toEqual({ surname: KYC_MESSAGES.names, email: KYC_MESSAGES.email });
  });

  it('finds the translation key of a contract message', () => {
    expect(messageKey(KYC_MESSAGES.names, 'GH')).toBe('kyc.rules.names');
    // A document's rule (the country profile's) has its own key; one of unknown format the common one.
    expect(messageKey(GHANA_CARD.rule, 'GH')).toBe('kyc.documents.gh-ghana-card.rule');
    expect(messageKey(KYC_MESSAGES.idNumber, 'GH')).toBe('kyc.rules.idNumber');
    expect(messageKey('A national ID number is 7 or 8 digits', 'KE')).toBe(
      'kyc.documents.ke-national-id.rule',
    );
    expect(messageKey('Something else', 'KE')).toBeUndefined();
  });
});
