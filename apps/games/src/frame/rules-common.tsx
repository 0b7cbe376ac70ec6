import type { GameContext } from './game-module.ts';

/** The points every game's rules start with, each a catalogue key (the crash game's own catalogue for crash). */
export function RulesList<K extends string>({ keys, t }: { keys: readonly K[]; t: (key: K) => string }) {
  return (
    <ul>
      {keys.map((key) => (
        <li key={key}>{t(key)}</li>
      ))}
    </ul>
  );
}

/** The lines every game's rules end with: its return to player and its stakes (from the session). */
export function RulesCommon({ ctx }: { ctx: GameContext }) {
  const { t, session, format } = ctx;
  const rtp = `${(session.game.rtp / 100).toFixed(2)}%`;
  return (
    <ul class="rules__common">
      <li data-testid="rules-rtp">{t('rules.rtp', { rtp })}</li>
      <li>
        {t('rules.stakes', { min: format(session.game.minStake), max: format(session.stakeLimit.maxStake) })}
      </li>
    </ul>
  );
}
