/**
 * Self-exclusion phrase (promotions-and-games §5): letters and digits only, 5 to 10 characters. The
 * server's `SelfExclusionRequestSchema` holds the same rule; it lives in a zod module, which this page
 * does not need to load for one pattern.
 */
export const EXCLUSION_PHRASE_PATTERN = /^[A-Za-z0-9]{5,10}$/;

export function isExclusionPhraseValid(phrase: string): boolean {
  return EXCLUSION_PHRASE_PATTERN.test(phrase);
}
