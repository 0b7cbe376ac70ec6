import { describe, expect, it } from 'vitest';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { ProgrammeCodeSchema } from '@app/contracts/promotions';
import { PROMOTION_PLUGS } from './plugs.ts';

/**
 * The programmes' codes come from their definitions (`defineProgramme`), not from a list in the contracts
 * (docs/architecture.md "Adding a programme"): what the contracts' list gave, held here instead.
 */
const codes = PROMOTION_PLUGS.flatMap((plug) => plug.programmes.map((programme) => programme.code));

describe('the programmes’ codes', () => {
  it('are one per programme, each in the shape of a code', () => {
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(ProgrammeCodeSchema.safeParse(code).success, code).toBe(true);
  });

  it('name every programme a market’s law switches off (a country profile’s programmesOff)', () => {
    for (const [country, profile] of Object.entries(COUNTRY_PROFILES)) {
      for (const off of profile.promotions.programmesOff) expect(codes, `${country}: ${off}`).toContain(off);
    }
    expect(COUNTRY_PROFILES.BR.promotions.programmesOff.length).toBeGreaterThan(0);
  });
});
