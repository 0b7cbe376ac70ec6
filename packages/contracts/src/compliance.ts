import { z as zod } from 'zod';

/**
 * What a market's gambling law asks of the product (issue 25; docs/compliance.md): when identity must be
 * verified and how, the limits players set and how fast an increase applies, breaks, which winner
 * advertising is allowed, the helpline, and the regulator's feed. One object per market in the country
 * profile (`compliance`); a module reads its part from there, never from a constant of its own.
 *
 * Markets whose law we have not configured get SAFEST_COMPLIANCE: verify before play, a day's cooling-off,
 * an hourly reality check, no winner advertising, a generic daily feed.
 */

/**
 * The first action a member below `verified` is refused: `registration` (the account only exists once
 * verified: Brazil), `play` (no real-money bet: Kenya's proof of age before play), `deposit`, `withdrawal`.
 * Each gate implies the later ones.
 */
export const VERIFICATION_GATES = ['registration', 'play', 'deposit', 'withdrawal'] as const;
export const VerificationGateSchema = zod.enum(VERIFICATION_GATES);
export type VerificationGate = zod.infer<typeof VerificationGateSchema>;

/**
 * How identity is verified: a national-ID lookup with a selfie matched to the ID photo (Kenya, a Smile ID
 * style service), the CPF with a liveness check (Brazil), or documents an operator reviews by hand.
 */
export const VerificationMethodSchema = zod.enum(['national-id-selfie', 'cpf-liveness', 'document-review']);
export type VerificationMethod = zod.infer<typeof VerificationMethodSchema>;

/** The regulator's data feed's format (one serialiser each; Kenya's interface is not yet published). */
export const RegulatorFeedFormatSchema = zod.enum(['ke-gra', 'br-sigap', 'generic']);
export type RegulatorFeedFormat = zod.infer<typeof RegulatorFeedFormatSchema>;

const ClockTimeSchema = zod.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const MarketComplianceSchema = zod.object({
  identity: zod.object({
    requiredBefore: VerificationGateSchema,
    method: VerificationMethodSchema,
  }),
  limits: zod.object({
    /** How long a raised or removed limit waits before it applies (a lowered one applies at once). */
    coolingOffHours: zod
      .number()
      .int()
      .min(0)
      .max(24 * 7),
    /** The player chooses their limits at registration (Brazil: Law 14.790 and Portaria 1.231). */
    requiredAtRegistration: zod.boolean(),
  }),
  breaks: zod.object({
    /** Minutes of play between two reality checks in the game frame. */
    realityCheckMinutes: zod.number().int().min(5).max(240),
    /** The shortest and longest time-out a player can take, hours. */
    timeOutHours: zod.object({ min: zod.number().int().min(1), max: zod.number().int().min(1) }),
    /** The shortest and longest self-exclusion, months; `permanent`: it may also be for good. */
    selfExclusionMonths: zod.object({ min: zod.number().int().min(1), max: zod.number().int().min(1) }),
    permanentSelfExclusion: zod.boolean(),
  }),
  advertising: zod.object({
    /** Winner notices, latest winners and big-win tickers (in-app winner advertising). */
    showWinners: zod.boolean(),
  }),
  /**
   * The national problem-gambling helpline, shown on the responsible-gambling page (null: none known). Its
   * name in each of the app's languages, as a player of that language knows it (Kenya's Swahili speakers
   * know the ministry as Wizara ya Afya): the page's sentence is in the player's language, so must the
   * name be.
   */
  helpline: zod
    .object({
      phone: zod.string(),
      name: zod.object({ en: zod.string(), fr: zod.string(), pt: zod.string(), sw: zod.string() }),
    })
    .nullable(),
  regulatorFeed: zod.object({
    format: RegulatorFeedFormatSchema,
    /** The previous day's files are due by this local time. */
    dailyDeadline: ClockTimeSchema,
    /** Every money fact is also sent within minutes (Kenya's tax authority's real-time system). */
    nearRealTime: zod.boolean(),
  }),
});
export type MarketCompliance = zod.infer<typeof MarketComplianceSchema>;

const TIME_OUT_HOURS = { min: 24, max: 6 * 7 * 24 };
const SELF_EXCLUSION_MONTHS = { min: 6, max: 60 };

/** Where we have not configured a market's law: the strictest reading of what we know. */
export const SAFEST_COMPLIANCE: MarketCompliance = {
  identity: { requiredBefore: 'play', method: 'document-review' },
  limits: { coolingOffHours: 24, requiredAtRegistration: false },
  breaks: {
    realityCheckMinutes: 60,
    timeOutHours: TIME_OUT_HOURS,
    selfExclusionMonths: SELF_EXCLUSION_MONTHS,
    permanentSelfExclusion: true,
  },
  advertising: { showWinners: false },
  helpline: null,
  regulatorFeed: { format: 'generic', dailyDeadline: '06:00', nearRealTime: false },
};

/**
 * Kenya: Gambling Control Act 2025 and the proposed regulations (proof of age before play, bet and loss
 * limits, time-outs); former winners may not be advertised (BCLB 2025 guidelines); the Ministry of Health's
 * 719 line; stakes and wins reported as they happen (KRA) and a daily file (GRA, not yet specified).
 */
export const KENYA_COMPLIANCE: MarketCompliance = {
  ...SAFEST_COMPLIANCE,
  identity: { requiredBefore: 'play', method: 'national-id-selfie' },
  helpline: {
    phone: '719',
    name: {
      en: 'Ministry of Health',
      fr: 'ministère de la Santé',
      pt: 'Ministério da Saúde',
      sw: 'Wizara ya Afya',
    },
  },
  regulatorFeed: { format: 'ke-gra', dailyDeadline: '06:00', nearRealTime: true },
};

/**
 * Brazil: Law 14.790/2023 and the SPA/MF ordinances: CPF and liveness before the account exists, limits
 * chosen at registration, the daily SIGAP files by 06:00.
 */
export const BRAZIL_COMPLIANCE: MarketCompliance = {
  ...SAFEST_COMPLIANCE,
  identity: { requiredBefore: 'registration', method: 'cpf-liveness' },
  limits: { coolingOffHours: 24, requiredAtRegistration: true },
  breaks: { ...SAFEST_COMPLIANCE.breaks, realityCheckMinutes: 30 },
  regulatorFeed: { format: 'br-sigap', dailyDeadline: '06:00', nearRealTime: false },
};

/** Whether a member at `gate` must already be verified under `required` (each gate implies the later ones). */
export function verificationRequiredAt(required: VerificationGate, gate: VerificationGate): boolean {
  return VERIFICATION_GATES.indexOf(gate) >= VERIFICATION_GATES.indexOf(required);
}
