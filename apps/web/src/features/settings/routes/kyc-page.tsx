import { compactToDisplayDate, identityDocumentOf, type KycField, type KycRecord } from '@app/contracts/kyc';
import { useCallback, useState } from 'react';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSettings } from '../../../lib/settings.ts';
import { usePopup } from '../../../lib/use-popup.ts';
import { useKyc } from '../../../components/kyc/api/get-kyc.ts';
import { useKycConfig } from '../../../components/kyc/api/get-kyc-config.ts';
import { useKycFields } from '../../../components/kyc/api/get-kyc-fields.ts';
import { fieldLabel, KycForm } from '../../../components/kyc/kyc-form.tsx';
import { SheetPopup } from '../../../components/kyc/sheet-popup.tsx';
import { KycPhoto } from '../../../components/kyc/kyc-photo.tsx';
import '../components/settings.css';

/**
 * `/me/settings/kyc` (login required, guarded in the router): the verification status; the form in a
 * 90%-height popup for a member who has not submitted yet or was rejected (promotions-and-games §2); then
 * the photo the verification service compares (issue 25 §1), and its answer: verified, rejected with the
 * reason (and an operator's note), in review, or the service unavailable with a retry. Where the market
 * gates play, deposits or withdrawals, the app sends the member here.
 */
export function KycPage() {
  const { t } = useTranslation();
  const config = useKycConfig();
  const record = useKyc();
  const enabled = config.data?.enable === true;
  const fields = useKycFields(enabled);
  const [open, setOpen] = useState(false);
  const showing = usePopup('kyc-form', open);
  const close = useCallback(() => setOpen(false), []);
  const { refetch } = record;
  const submitted = useCallback(() => {
    setOpen(false);
    // Spec §8: after 'ok' the record is read again.
    refetch().catch(() => undefined);
  }, [refetch]);

  const body = () => {
    if (config.status !== 'success') {
      return (
        <QueryStatus status={config.status} error={config.error} onRetry={() => void config.refetch()} />
      );
    }
    if (!enabled) {
      return (
        <p className="settings-card" role="status">
          {t('kyc.disabled')}
        </p>
      );
    }
    if (record.status !== 'success' || !record.data) {
      return (
        <QueryStatus status={record.status} error={record.error} onRetry={() => void record.refetch()} />
      );
    }
    const { status, reason, note } = record.data;
    const canSubmit = status === 'none' || status === 'rejected';
    return (
      <>
        <section className="settings-card" aria-labelledby="kyc-status-title">
          <h2 id="kyc-status-title" className="settings-card__title">
            {t('kyc.statusTitle')}
          </h2>
          <p className={`kyc-status kyc-status--${status}`} data-testid="kyc-status">
            {t(`kyc.status.${status}`)}
          </p>
          <p className="settings-card__text">{t(`kyc.statusText.${status}`)}</p>
          {reason && reason !== 'unavailable' ? (
            <p className="settings-card__text" data-testid="kyc-reason">
              {t(`kyc.reason.${reason}`)}
            </p>
          ) : null}
          {note ? (
            <p className="settings-card__text" data-testid="kyc-note">
              {t('kyc.note')}: {note}
            </p>
          ) : null}
          {canSubmit ? (
            <button
              type="button"
              className="button button--primary button--block"
              onClick={() => setOpen(true)}
            >
              {t(status === 'rejected' ? 'kyc.submitAgain' : 'kyc.start')}
            </button>
          ) : null}
        </section>
        {status === 'pending' ? (
          <KycPhoto record={record.data} onVerified={() => void refetch().catch(() => undefined)} />
        ) : null}
        {!canSubmit && fields.data ? <SubmittedValues fields={fields.data} record={record.data} /> : null}
      </>
    );
  };

  return (
    <div className="settings">
      <NavBar title={t('kyc.title')} />
      <div className="settings__body">{body()}</div>
      {showing ? (
        <SheetPopup title={t('kyc.formTitle')} onClose={close} testId="kyc-popup">
          {fields.data ? (
            <KycForm
              fields={fields.data}
              initial={record.data?.status === 'rejected' ? record.data.values : undefined}
              onSubmitted={submitted}
            />
          ) : (
            <QueryStatus
              status={fields.status === 'success' ? 'pending' : fields.status}
              error={fields.error}
              onRetry={() => void fields.refetch()}
            />
          )}
        </SheetPopup>
      ) : null}
    </div>
  );
}

/** What the member sent, read-only, while it is reviewed or once verified. */
function SubmittedValues({ fields, record }: { fields: KycField[]; record: KycRecord }) {
  const { t } = useTranslation();
  const { country } = useSettings();
  const shown = fields.filter((field) => (record.values[field.name] ?? '') !== '');
  if (shown.length === 0) return null;
  const display = (name: string, value: string) => {
    if (name === 'dateOfBirth') return compactToDisplayDate(value);
    // The ID type is stored as the document's English type; the member reads its name in their language.
    const document = name === 'ID_TYPE' ? identityDocumentOf(country.code, value) : undefined;
    return document ? t(`kyc.documents.${document.slug}.name`) : value;
  };
  return (
    <section className="settings-card" aria-label={t('kyc.submitted')}>
      <h2 className="settings-card__title">{t('kyc.submitted')}</h2>
      <dl className="kyc-values" data-testid="kyc-values">
        {shown.map((field) => {
          const value = record.values[field.name] ?? '';
          return (
            <div key={field.name} className="kyc-values__row">
              <dt>{fieldLabel(field.name, country.code, t)}</dt>
              <dd>{display(field.name, value)}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
