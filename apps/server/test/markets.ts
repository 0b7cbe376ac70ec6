import type { CountryProfile } from '@app/contracts/country';

/**
 * `profile` where the law allowed advertising former winners (issue 25 §5). No configured market does yet
 * (Kenya forbids it, the others take the safest setting), so the winner lists and notices are tested
 * through their services with this profile, and through the routes as every configured market answers.
 */
export function allowingWinnerAdvertising(profile: CountryProfile): CountryProfile {
  return { ...profile, compliance: { ...profile.compliance, advertising: { showWinners: true } } };
}
