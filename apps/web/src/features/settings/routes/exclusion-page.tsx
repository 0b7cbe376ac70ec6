import { selfExclusionChoices } from '@app/contracts/breaks';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { clearSession } from '../../../lib/session.ts';
import { useSettings } from '../../../lib/settings.ts';
import { showToast } from '../../../lib/toast.ts';
import { useTimeFormat } from '../../../lib/use-date-format.ts';
import { usePopup } from '../../../lib/use-popup.ts';
import { submitSelfExclusion } from '../api/submit-self-exclusion.ts';
import { describedBy, Field } from '../../../components/ui/field.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { isExclusionPhraseValid } from '../exclusion-rules.ts';
import '../components/settings.css';

/** How long the closing message stays: the player reads it on the home page they are sent to. */
const CLOSED_MESSAGE_MS = 8000;

/** The select's value for a self-exclusion without end. */
const PERMANENT = 'permanent';

/**
 * `/me/settings/exclusion` (login required; promotions-and-games §5, issue 25 §3): the member excludes
 * themselves for one of the lengths the market allows, or permanently where it allows that. The server ends
 * every session and refuses the person (number, ID, devices, social login, M-Pesa numbers) until it ends.
 */
export function ExclusionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const timeOf = useTimeFormat();
  const { selfExclusionMonths, permanentSelfExclusion } = useSettings().country.compliance.breaks;
  const choices = selfExclusionChoices(selfExclusionMonths);
  const [length, setLength] = useState('');
  const [phrase, setPhrase] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const asking = usePopup('exclusion-confirm', confirming);
  const phraseValid = isExclusionPhraseValid(phrase);
  const valid = phraseValid && length !== '';
  const error = touched && !phraseValid ? t('exclusion.rule') : undefined;
  const months = length === PERMANENT || length === '' ? undefined : Number(length);

  const { busy, submit } = useSubmit(valid, async () => {
    const { endsAt } = await submitSelfExclusion(phrase, months);
    const closed =
      endsAt === null
        ? t('exclusion.closedPermanent')
        : t('exclusion.closed', { when: timeOf(new Date(endsAt).toISOString()) });
    showToast(closed, { kind: 'success', duration: CLOSED_MESSAGE_MS });
    // Leave the guarded page first: with the session gone it would ask the player to log in.
    void navigate(PAGE_PATHS.home, { replace: true });
    clearSession();
  });

  function lengthOf(choice: number): string {
    return choice % 12 === 0
      ? t('exclusion.years', { count: choice / 12 })
      : t('exclusion.months', { count: choice });
  }

  return (
    <div className="settings">
      <NavBar title={t('exclusion.title')} />
      <div className="settings__body">
        <section className="settings-card">
          <h2 className="settings-card__title">{t('exclusion.heading')}</h2>
          <ul className="exclusion__points">
            <li>{t('exclusion.pointSessions')}</li>
            <li>{t('exclusion.pointLogin')}</li>
            <li>{t('exclusion.pointBonus')}</li>
            <li>{t('exclusion.pointEarly')}</li>
            <li>{t('exclusion.pointSupport')}</li>
          </ul>
        </section>
        <form
          className="settings-form"
          aria-label={t('exclusion.title')}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setTouched(true);
            if (valid) setConfirming(true);
          }}
        >
          <Field id="exclusion-length" label={t('exclusion.length')}>
            <select
              id="exclusion-length"
              name="months"
              className="field__input"
              value={length}
              onChange={(event) => setLength(event.currentTarget.value)}
            >
              <option value="">{t('exclusion.choose')}</option>
              {choices.map((choice) => (
                <option key={choice} value={String(choice)}>
                  {lengthOf(choice)}
                </option>
              ))}
              {permanentSelfExclusion ? <option value={PERMANENT}>{t('exclusion.permanent')}</option> : null}
            </select>
          </Field>
          <Field id="exclusion-phrase" label={t('exclusion.phrase')} error={error} hint={t('exclusion.hint')}>
            <input
              id="exclusion-phrase"
              name="content"
              className="field__input"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={10}
              value={phrase}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy('exclusion-phrase', error, t('exclusion.hint'))}
              onChange={(event) => setPhrase(event.currentTarget.value)}
              onBlur={() => setTouched(phrase !== '')}
            />
          </Field>
          <button
            type="submit"
            className="button button--primary button--block exclusion__submit"
            disabled={!valid || busy}
          >
            {t('exclusion.submit')}
          </button>
        </form>
      </div>
      {asking ? (
        <ConfirmDialog
          message={
            months === undefined
              ? t('exclusion.confirmPermanent')
              : t('exclusion.confirm', { length: lengthOf(months) })
          }
          confirmLabel={t('exclusion.confirmButton')}
          onConfirm={() => {
            setConfirming(false);
            void submit();
          }}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
