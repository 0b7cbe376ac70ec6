import { describe, expect, it } from 'vitest';
import { ERRORS } from '@app/contracts/errors';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { emptyKycRecord, KYC_MESSAGES } from '@app/contracts/kyc';
import { ACCOUNT_PATHS } from '@app/contracts/paths';
import { callApi, registerMember } from '../../../../test/api-client.ts';
import { newMember } from '../../../../test/factory.ts';
import { createTestApp, useTestApp } from '../../../../test/test-app.ts';

const ctx = useTestApp();

// Kenya's form: 0 firstName, 1 surname, 2 dateOfBirth, 3 ID_TYPE, 4 ID_NUMBER, 5 email, 6 RESIDENTIAL_ADDRESS.
const validForm = {
  field0: 'Wanjiku',
  field1: 'Otieno',
  field2: '19900305',
  field3: 'National ID',
  // A second-generation national ID card: 8 digits (issue 22: once refused as "must be 9 digits").
  field4: '23456789',
  field5: 'wanjiku@example.co.ke',
};
const KENYA_DOCUMENTS = COUNTRY_PROFILES.KE.identityDocuments;

describe('KYC', () => {
  it("lists the market's fields and the config", async () => {
    const { token } = await newMember(ctx, { kyc: 'none' });
    const fields = await callApi(ctx, ACCOUNT_PATHS.kycFields, { method: 'GET', token });
    expect(fields.data.map((field: { name: string }) => field.name)).toEqual([
      'firstName',
      'surname',
      'dateOfBirth',
      'ID_TYPE',
      'ID_NUMBER',
      'email',
      'RESIDENTIAL_ADDRESS',
    ]);
    const config = await callApi(ctx, ACCOUNT_PATHS.kycConfig, { method: 'GET' });
    expect(config.data).toEqual({ enable: true, basicFields: ['firstName', 'surname', 'dateOfBirth'] });
  });

  it('stores a valid submission as pending, answering msg ok, and gives it back to its owner only', async () => {
    const { token } = await newMember(ctx, { kyc: 'none' });
    expect((await callApi(ctx, ACCOUNT_PATHS.kyc, { method: 'GET', token })).data.status).toBe('none');
    const answer = await callApi(ctx, ACCOUNT_PATHS.kyc, { token, form: validForm });
    expect(answer).toMatchObject({ code: 0, msg: 'ok' });
    expect(answer.data).toMatchObject({
      status: 'pending',
      values: { firstName: 'Wanjiku', dateOfBirth: '19900305' },
    });

    const { token: other } = await newMember(ctx, { kyc: 'none' });
    const others = await callApi(ctx, ACCOUNT_PATHS.kyc, { method: 'GET', token: other });
    expect(others.data).toEqual(emptyKycRecord('national-id-selfie'));
    expect((await callApi(ctx, ACCOUNT_PATHS.kyc, { method: 'GET' })).status).toBe(401);
  });

  it('refuses every broken rule at once with "Please check the content", naming the fields', async () => {
    const { token } = await newMember(ctx, { kyc: 'none' });
    const answer = await callApi(ctx, ACCOUNT_PATHS.kyc, {
      token,
      form: {
        field0: 'wanjiku',
        field1: 'O',
        field2: '20250101',
        field3: 'National ID',
        field4: '1234',
        field5: 'not-an-email',
      },
    });
    expect(answer).toMatchObject({
      status: 400,
      code: ERRORS.KYC_INVALID.code,
      msg: 'Please check the content',
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api${ACCOUNT_PATHS.kyc}`,
      headers: { token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'field0=wanjiku&field1=O&field2=20250101&field3=National+ID&field4=123456789',
    });
    expect(response.json().errors).toEqual([
      { field: 'field0', message: KYC_MESSAGES.names },
      { field: 'field1', message: KYC_MESSAGES.names },
      { field: 'field2', message: KYC_MESSAGES.dateOfBirth },
      { field: 'field4', message: 'A national ID number is 7 or 8 digits' },
    ]);
    expect((await callApi(ctx, ACCOUNT_PATHS.kyc, { method: 'GET', token })).data.status).toBe('none');
  });

  it('takes every Kenyan document by its own rule: national ID 7 or 8 digits, Maisha Namba 14, passport, alien ID', async () => {
    const accepted: [string, string][] = [
      ['National ID', '1234567'],
      ['National ID', '12345678'],
      ['Maisha Namba', '10012345678901'],
      ['Passport', 'AK0123456'],
      ['Alien ID', '123456'],
    ];
    for (const [type, number] of accepted) {
      const answer = await callApi(ctx, ACCOUNT_PATHS.kyc, {
        token: (await newMember(ctx, { kyc: 'none' })).token,
        form: { ...validForm, field3: type, field4: number },
      });
      expect(answer.msg, `${type} ${number}`).toBe('ok');
    }
    const refused: [string, string, string][] = [
      ['National ID', '123456789', 'ke-national-id'],
      ['Maisha Namba', '12345678', 'ke-maisha-namba'],
      ['Passport', 'AK-0123', 'ke-passport'],
      ['Alien ID', 'X123456', 'ke-alien-id'],
    ];
    for (const [type, number, slug] of refused) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api${ACCOUNT_PATHS.kyc}`,
        headers: { token: (await newMember(ctx, { kyc: 'none' })).token },
        payload: { ...validForm, field3: type, field4: number },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        { field: 'field4', message: KENYA_DOCUMENTS.find((document) => document.slug === slug)?.rule },
      ]);
    }
    // A document Kenya does not take (Ghana's) is refused as a type.
    const ghanaCard = await ctx.app.inject({
      method: 'POST',
      url: `/api${ACCOUNT_PATHS.kyc}`,
      headers: { token: (await newMember(ctx, { kyc: 'none' })).token },
      payload: { ...validForm, field3: 'Ghana Card', field4: 'GHA-123456789-0' },
    });
    expect(ghanaCard.json().errors).toContainEqual({ field: 'field3', message: KYC_MESSAGES.idType });
  });

  it('needs the required fields and refuses fields the form does not have', async () => {
    const { token } = await newMember(ctx, { kyc: 'none' });
    const missing = await callApi(ctx, ACCOUNT_PATHS.kyc, { token, form: { field0: 'Wanjiku' } });
    expect(missing.code).toBe(ERRORS.KYC_INVALID.code);
    const extra = await callApi(ctx, ACCOUNT_PATHS.kyc, { token, form: { ...validForm, field9: 'x' } });
    expect(extra.code).toBe(ERRORS.KYC_INVALID.code);
    const notField = await callApi(ctx, ACCOUNT_PATHS.kyc, {
      token,
      form: { ...validForm, status: 'verified' },
    });
    expect(notField.code).toBe(ERRORS.BAD_REQUEST.code);
  });

  it('keeps a verified record: a member cannot overwrite it', async () => {
    const { token } = await newMember(ctx, { kyc: 'none' });
    const submitted = await callApi(ctx, ACCOUNT_PATHS.kyc, { token, form: validForm });
    expect(submitted.code).toBe(0);
    // Verified as an operator's approval leaves it (identity-verification.test.ts takes the real path).
    await ctx.db.updateTable('member_kyc').set({ status: 'verified' }).execute();
    const again = await callApi(ctx, ACCOUNT_PATHS.kyc, { token, form: { ...validForm, field0: 'Achieng' } });
    expect(again.code).toBe(ERRORS.KYC_ALREADY_VERIFIED.code);
    const record = await callApi(ctx, ACCOUNT_PATHS.kyc, { method: 'GET', token });
    expect(record.data).toMatchObject({ status: 'verified', values: { firstName: 'Wanjiku' } });
  });
});

describe('KYC in Ghana', () => {
  it('checks the Ghana Card number shape', async () => {
    const ghana = await createTestApp({ COUNTRY: 'GH' });
    try {
      const number = { mobile: '0241000001', e164: '+233241000001' };
      const registered = await registerMember(ghana, number);
      expect(registered.code).toBe(0);
      const fields = await callApi(ghana, ACCOUNT_PATHS.kycFields, {
        method: 'GET',
        token: registered.token,
      });
      const index = (name: string) =>
        fields.data.find((field: { name: string }) => field.name === name).index;
      const form = {
        [`field${index('firstName')}`]: 'Kofi',
        [`field${index('surname')}`]: 'Mensah',
        [`field${index('dateOfBirth')}`]: '19880101',
        [`field${index('ID_TYPE')}`]: 'Ghana Card',
        [`field${index('ID_NUMBER')}`]: 'GHA-12345678-9',
      };
      const wrong = await callApi(ghana, ACCOUNT_PATHS.kyc, { token: registered.token, form });
      expect(wrong.code).toBe(ERRORS.KYC_INVALID.code);
      form[`field${index('ID_NUMBER')}`] = 'GHA-123456789-0';
      expect((await callApi(ghana, ACCOUNT_PATHS.kyc, { token: registered.token, form })).msg).toBe('ok');
    } finally {
      await ghana.close();
    }
  });
});
