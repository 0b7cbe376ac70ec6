import type { KycRecord } from '@app/contracts/kyc';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { toastError } from '../../lib/toast.ts';
import { verifyKyc } from './api/verify-kyc.ts';
import { PhotoPicker } from './photo-picker.tsx';

/**
 * The verification's photo step (issue 25 §1): the selfie (national ID), the liveness frame (CPF) or a
 * photo holding the ID (document review), taken with the front camera where the phone offers it; then
 * sent, and the answer shown. When the service is unavailable the member keeps the photo and tries again
 * after the wait the server gives.
 */
export function KycPhoto({
  record,
  onVerified,
}: {
  record: KycRecord;
  onVerified: (next: KycRecord) => void;
}) {
  const { t } = useTranslation();
  const [photo, setPhoto] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState(record.retryAfterSeconds ?? 0);
  const method = record.method;

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    if (!photo || busy) return;
    setBusy(true);
    try {
      const next = await verifyKyc({ photo });
      if (next.status === 'pending' && next.reason === 'unavailable') setWait(next.retryAfterSeconds ?? 0);
      onVerified(next);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="settings-card kyc-photo" aria-labelledby="kyc-photo-title">
      <h2 id="kyc-photo-title" className="settings-card__title">
        {t(`kyc.photo.title.${method}`)}
      </h2>
      <p className="settings-card__text">{t(`kyc.photo.hint.${method}`)}</p>
      {record.reason === 'unavailable' ? (
        <p className="kyc-photo__notice" role="status" data-testid="kyc-unavailable">
          {t('kyc.reason.unavailable')} {wait > 0 ? t('kyc.photo.retryIn', { seconds: wait }) : null}
        </p>
      ) : null}
      <PhotoPicker photo={photo} onPhoto={setPhoto} testId="kyc-photo-file" />
      <button
        type="button"
        className="button button--primary button--block"
        disabled={!photo || busy || wait > 0}
        aria-busy={busy}
        onClick={() => void send()}
      >
        {t(record.reason === 'unavailable' ? 'kyc.photo.retry' : 'kyc.photo.send')}
      </button>
    </section>
  );
}
