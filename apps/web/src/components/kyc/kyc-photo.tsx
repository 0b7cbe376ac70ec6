import type { KycRecord } from '@app/contracts/kyc';
import { useEffect, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { showToast, toastError } from '../../lib/toast.ts';
import { verifyKyc } from './api/verify-kyc.ts';
import { readPhoto } from './scale-photo.ts';

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

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    try {
      setPhoto(await readPhoto(file));
    } catch {
      showToast(t('kyc.photo.unreadable'), { kind: 'error' });
    }
  };

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
      {photo ? <img className="kyc-photo__preview" src={photo} alt={t('kyc.photo.preview')} /> : null}
      <label className="button button--block kyc-photo__choose">
        {t(photo ? 'kyc.photo.retake' : 'kyc.photo.take')}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          // The front camera on a phone; a file chooser elsewhere.
          capture="user"
          className="visually-hidden"
          data-testid="kyc-photo-file"
          onChange={(event) => void choose(event)}
        />
      </label>
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
