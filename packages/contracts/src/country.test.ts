import { describe, expect, it } from 'vitest';
import { COUNTRY_PROFILES, CountryProfileSchema, findOperator, isValidMobile, toE164 } from './country.ts';

describe('country profiles', () => {
  it('are complete and valid for every market', () => {
    for (const profile of Object.values(COUNTRY_PROFILES)) {
      expect(CountryProfileSchema.parse(profile)).toEqual(profile);
      expect(isValidMobile(profile.mobilePlaceholder, profile), profile.code).toBe(true);
      expect(profile.scale).toBe(10 ** profile.decimals);
    }
  });

  it('describe Kenya as the spec does', () => {
    expect(COUNTRY_PROFILES.KE).toMatchObject({
      currency: 'KES',
      scale: 100,
      locale: 'en-KE',
      decimals: 2,
      mobileLength: 10,
      dialCode: '+254',
    });
  });
});

describe('isValidMobile', () => {
  const kenya = COUNTRY_PROFILES.KE;
  it.each([
    ['0712345678', true],
    ['0112345678', true],
    ['712345678', false],
    ['07123456789', false],
    ['07123a5678', false],
    ['', false],
    ['+254712345678', false],
  ])('Kenya %s → %s', (mobile, expected) => {
    expect(isValidMobile(mobile, kenya)).toBe(expected);
  });

  it('follows each country length and prefix', () => {
    expect(isValidMobile('08031234567', COUNTRY_PROFILES.NG)).toBe(true);
    expect(isValidMobile('0803123456', COUNTRY_PROFILES.NG)).toBe(false);
    expect(isValidMobile('671234567', COUNTRY_PROFILES.CM)).toBe(true);
    expect(isValidMobile('0671234567', COUNTRY_PROFILES.CM)).toBe(false);
    expect(isValidMobile('11912345678', COUNTRY_PROFILES.BR)).toBe(true);
  });

  it('needs an operator pattern in Ghana, Uganda, Zambia and Cameroon (spec §5)', () => {
    expect(isValidMobile('0241234567', COUNTRY_PROFILES.GH)).toBe(true);
    expect(isValidMobile('0231234567', COUNTRY_PROFILES.GH)).toBe(false);
    expect(isValidMobile('0771234567', COUNTRY_PROFILES.UG)).toBe(true);
    expect(isValidMobile('0791234567', COUNTRY_PROFILES.UG)).toBe(false);
    expect(isValidMobile('0961234567', COUNTRY_PROFILES.ZM)).toBe(true);
    expect(isValidMobile('0971234567', COUNTRY_PROFILES.ZM)).toBe(true);
    expect(isValidMobile('0785234567', COUNTRY_PROFILES.ZM)).toBe(false);
    expect(isValidMobile('661234567', COUNTRY_PROFILES.CM)).toBe(false);
    // Kenya's rule is only 0 and 9 digits (spec §5); its operators pick payment channels.
    expect(isValidMobile('0781234567', COUNTRY_PROFILES.KE)).toBe(true);
  });
});

describe('findOperator', () => {
  it.each(['0241234567', '0541234567', '0551234567', '0591234567'])(
    'Ghana %s is MTN (spec prefixes 24, 54, 55, 59)',
    (mobile) => {
      expect(findOperator(mobile, COUNTRY_PROFILES.GH)?.code).toBe('MTN_MM');
    },
  );

  it('tells the other operators apart', () => {
    expect(findOperator('0201234567', COUNTRY_PROFILES.GH)?.code).toBe('VODA_MM');
    expect(findOperator('0261234567', COUNTRY_PROFILES.GH)?.code).toBe('AIRTELTIGO_MM');
    expect(findOperator('0771234567', COUNTRY_PROFILES.UG)?.code).toBe('MTN_MM');
    expect(findOperator('0701234567', COUNTRY_PROFILES.UG)?.code).toBe('AIRTEL_MM');
    expect(findOperator('0971234567', COUNTRY_PROFILES.ZM)?.code).toBe('AIRTEL_MM');
    expect(findOperator('0951234567', COUNTRY_PROFILES.ZM)?.code).toBe('ZAMTEL_MM');
    expect(findOperator('691234567', COUNTRY_PROFILES.CM)?.code).toBe('ORANGE_MM');
    expect(findOperator('0712345678', COUNTRY_PROFILES.KE)?.code).toBe('MPESA');
    expect(findOperator('0733123456', COUNTRY_PROFILES.KE)?.code).toBe('AIRTEL_MM');
  });
});

describe('toE164', () => {
  it('drops the trunk prefix and adds the dial code', () => {
    expect(toE164('0712345678', COUNTRY_PROFILES.KE)).toBe('+254712345678');
    expect(toE164('671234567', COUNTRY_PROFILES.CM)).toBe('+237671234567');
    expect(toE164('11912345678', COUNTRY_PROFILES.BR)).toBe('+5511912345678');
  });
});
