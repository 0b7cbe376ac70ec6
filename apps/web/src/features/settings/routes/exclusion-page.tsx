import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { clearSession } from '../../../lib/session.ts';
import { showToast } from '../../../lib/toast.ts';
import { usePopup } from '../../../lib/use-popup.ts';
import { submitSelfExclusion } from '../api/submit-self-exclusion.ts';
import { describedBy, Field } from '../../../components/ui/field.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { isExclusionPhraseValid } from '../exclusion-rules.ts';
import '../components/settings.css';

/** How long the closing message stays: the player reads it on the home page they are sent to. */
const CLOSED_MESSAGE_MS = 6000;

/**
 * `/me/settings/exclusion` (login required): the member closes their own account (self-exclusion,
 * promotions-and-games §5). The server ends every session and refuses login from then on.
 */
export function ExclusionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [phrase, setPhrase] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const asking = usePopup('exclusion-confirm', confirming);
  const valid = isExclusionPhraseValid(phrase);
  const error = touched && !valid ? t('exclusion.rule') : undefined;

  const { busy, submit } = useSubmit(valid, async () => {
    await submitSelfExclusion(phrase);
    showToast(t('exclusion.closed'), { kind: 'success', duration: CLOSED_MESSAGE_MS });
    // Leave the guarded page first: with the session gone it would ask the player to log in.
    void navigate(PAGE_PATHS.home, { replace: true });
    clearSession();
  });

  return (
    <div className="settings">
      <NavBar title={t('exclusion.title')} />
      <div className="settings__body">
        <section className="settings-card">
          <h2 className="settings-card__title">{t('exclusion.heading')}</h2>
          <ul className="exclusion__points">
            <li>{t('exclusion.pointSessions')}</li>
            <li>{t('exclusion.pointLogin')}</li>
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
          message={t('exclusion.confirm')}
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
