import type { Translate } from '../../../lib/i18n.ts';

/** How lucky refund works: the operator's text when written, else the app's own summary. */
export function Rules({ text, t }: { text: string; t: Translate }) {
  return (
    <section className="lucky-refund__card lucky-refund__rules" aria-label={t('lucky_refund.rulesTitle')}>
      <h2>{t('lucky_refund.rulesTitle')}</h2>
      {text ? (
        <p className="lucky-refund__rules-text">{text}</p>
      ) : (
        <ol>
          {(['one', 'two', 'three', 'four', 'five'] as const).map((line) => (
            <li key={line}>{t(`lucky_refund.rules.${line}`)}</li>
          ))}
        </ol>
      )}
    </section>
  );
}
