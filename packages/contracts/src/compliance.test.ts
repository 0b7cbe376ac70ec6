import { describe, expect, it } from 'vitest';
import { MarketComplianceSchema, SAFEST_COMPLIANCE, verificationRequiredAt } from './compliance.ts';
import { COUNTRY_PROFILES } from './country.ts';

describe('the law of each market, as configuration', () => {
  it('gives every market a valid compliance profile, the unconfigured ones the safest', () => {
    for (const profile of Object.values(COUNTRY_PROFILES)) {
      expect(MarketComplianceSchema.parse(profile.compliance), profile.code).toEqual(profile.compliance);
      if (profile.code !== 'KE' && profile.code !== 'BR')
        expect(profile.compliance).toEqual(SAFEST_COMPLIANCE);
    }
  });

  it('configures Kenya and Brazil as their law reads', () => {
    const { KE, BR } = COUNTRY_PROFILES;
    expect(KE.compliance.identity).toEqual({ requiredBefore: 'play', method: 'national-id-selfie' });
    expect(KE.compliance.advertising.showWinners).toBe(false);
    expect(KE.compliance.helpline?.phone).toBe('719');
    expect(KE.compliance.regulatorFeed).toMatchObject({ format: 'ke-gra', nearRealTime: true });
    expect(BR.compliance.identity).toEqual({ requiredBefore: 'registration', method: 'cpf-liveness' });
    expect(BR.compliance.limits.requiredAtRegistration).toBe(true);
    expect(BR.compliance.regulatorFeed).toMatchObject({ format: 'br-sigap', dailyDeadline: '06:00' });
  });

  it('makes each verification gate imply the later ones', () => {
    expect(verificationRequiredAt('play', 'registration')).toBe(false);
    expect(verificationRequiredAt('play', 'play')).toBe(true);
    expect(verificationRequiredAt('play', 'withdrawal')).toBe(true);
    expect(verificationRequiredAt('withdrawal', 'deposit')).toBe(false);
    expect(verificationRequiredAt('registration', 'deposit')).toBe(true);
  });

  it('keeps a time-out between a day and six weeks, and self-exclusion from six months to five years', () => {
    expect(SAFEST_COMPLIANCE.breaks.timeOutHours).toEqual({ min: 24, max: 1008 });
    expect(SAFEST_COMPLIANCE.breaks.selfExclusionMonths).toEqual({ min: 6, max: 60 });
  });
});
