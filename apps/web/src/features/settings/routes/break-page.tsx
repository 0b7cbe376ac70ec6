import { timeOutChoices } from '@app/contracts/breaks';
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
import { useSubmit } from '../../../lib/use-submit.ts';
import { takeBreak } from '../api/take-break.ts';
import '../components/settings.css';

/** How long the started message stays: the player reads it on the home page they are sent to. */
const STARTED_MESSAGE_MS = 8000;

/**
 * `/me/settings/break` (login required; issue 25 §3): a time-out for one of the lengths the market allows.
 * Once confirmed, the server ends every session and refuses login until the break ends.
 */
export function BreakPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const timeOf = useTimeFormat();
  const { country } = useSettings();
  const choices = timeOutChoices(country.compliance.breaks.timeOutHours);
  const [hours, setHours] = useState<number | undefined>();
  const [confirming, setConfirming] = useState(false);
  const asking = usePopup('break-confirm', confirming);

  const { busy, submit } = useSubmit(hours !== undefined, async () => {
    const { endsAt } = await takeBreak(hours!);
    const when = timeOf(new Date(endsAt).toISOString());
    showToast(t('break.started', { when }), { kind: 'success', duration: STARTED_MESSAGE_MS });
    // Leave the guarded page first: with the session gone it would ask the player to log in.
    void navigate(PAGE_PATHS.home, { replace: true });
    clearSession();
  });

  const length = (choice: number) =>
    choice % (7 * 24) === 0
      ? t('break.weeks', { count: choice / (7 * 24) })
      : t('break.days', { count: choice / 24 });

  return (
    <div className="settings">
      <NavBar title={t('break.title')} />
      <div className="settings__body">
        <section className="settings-card">
          <h2 className="settings-card__title">{t('break.heading')}</h2>
          <ul className="exclusion__points">
            <li>{t('break.pointLogin')}</li>
            <li>{t('break.pointMoney')}</li>
            <li>{t('break.pointEarly')}</li>
          </ul>
        </section>
        <form
          className="settings-form"
          aria-label={t('break.title')}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (hours !== undefined) setConfirming(true);
          }}
        >
          <fieldset className="settings-card limits__kind">
            <legend className="settings-card__title">{t('break.length')}</legend>
            {choices.map((choice) => (
              <label key={choice} className="break__choice">
                <input
                  type="radio"
                  name="hours"
                  value={choice}
                  checked={hours === choice}
                  onChange={() => setHours(choice)}
                  data-testid={`break-${choice}`}
                />
                <span>{length(choice)}</span>
              </label>
            ))}
          </fieldset>
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={hours === undefined || busy}
            data-testid="break-submit"
          >
            {t('break.submit')}
          </button>
        </form>
      </div>
      {asking && hours !== undefined ? (
        <ConfirmDialog
          message={t('break.confirm', { length: length(hours) })}
          confirmLabel={t('break.confirmButton')}
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
