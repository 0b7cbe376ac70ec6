import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSettings } from '../../../lib/settings.ts';
import './responsible-gambling.css';

/** The self-assessment's questions (`responsibleGambling.questions.<key>`), each answered yes or no. */
const QUESTIONS = ['more', 'chase', 'borrow', 'restless', 'hide', 'needs', 'guilt', 'others'] as const;

/** From how many yes the result suggests help, and from how many it says some signs show. */
const HELP_FROM = 3;
const SIGNS_FROM = 1;

/**
 * Under the operator's responsible-gaming page (issue 25 §3): the market's helpline (`compliance.helpline`,
 * a tap to call), the player's own tools (limits, a break, closing the account) and a short
 * self-assessment answered on the phone only: nothing of it is sent or kept.
 */
export function ResponsibleGamblingTools() {
  const { t, language } = useTranslation();
  const { helpline } = useSettings().country.compliance;
  const [answers, setAnswers] = useState<Partial<Record<(typeof QUESTIONS)[number], boolean>>>({});
  const answered = QUESTIONS.filter((key) => answers[key] !== undefined).length;
  const yes = QUESTIONS.filter((key) => answers[key]).length;
  const result =
    answered < QUESTIONS.length ? undefined : yes >= HELP_FROM ? 'help' : yes >= SIGNS_FROM ? 'signs' : 'low';

  return (
    <section className="rg-tools" aria-label={t('responsibleGambling.title')} data-testid="rg-tools">
      {helpline ? (
        <p className="rg-tools__helpline" data-testid="rg-helpline">
          {t('responsibleGambling.helpline', { name: helpline.name[language] })}{' '}
          <a href={`tel:${helpline.phone}`} className="rg-tools__phone">
            {helpline.phone}
          </a>
        </p>
      ) : null}
      <h2 className="rg-tools__title">{t('responsibleGambling.tools')}</h2>
      <ul className="rg-tools__links">
        <li>
          <Link to={PAGE_PATHS.limits}>{t('settings.limits')}</Link>
        </li>
        <li>
          <Link to={PAGE_PATHS.takeBreak}>{t('settings.takeBreak')}</Link>
        </li>
        <li>
          <Link to={PAGE_PATHS.exclusion}>{t('settings.exclusion')}</Link>
        </li>
      </ul>
      <h2 className="rg-tools__title">{t('responsibleGambling.assessment')}</h2>
      <p className="rg-tools__note">{t('responsibleGambling.assessmentNote')}</p>
      <ol className="rg-tools__questions">
        {QUESTIONS.map((key) => (
          <li key={key}>
            <fieldset className="rg-tools__question">
              <legend>{t(`responsibleGambling.questions.${key}`)}</legend>
              {(['yes', 'no'] as const).map((choice) => (
                <label key={choice} className="rg-tools__choice">
                  <input
                    type="radio"
                    name={`rg-${key}`}
                    checked={answers[key] === (choice === 'yes')}
                    onChange={() => setAnswers((current) => ({ ...current, [key]: choice === 'yes' }))}
                    data-testid={`rg-${key}-${choice}`}
                  />
                  <span>{t(`responsibleGambling.${choice}`)}</span>
                </label>
              ))}
            </fieldset>
          </li>
        ))}
      </ol>
      {result ? (
        <p className="rg-tools__result" role="status" data-testid="rg-result">
          {t(`responsibleGambling.result.${result}`)}
        </p>
      ) : null}
    </section>
  );
}
