import { useState, type FormEvent } from 'react';
import { useCanAccess, useGetList, useLocaleState } from 'ra-core';
import { COMPLIANCE_PATHS, IDENTITY_RESULT_CODES } from '@app/contracts/back-office-compliance';
import { KYC_FIELD_NAMES, type KycReview } from '@app/contracts/kyc';
import { ADMIN_PATHS, API_BASE } from '@app/contracts/paths';
import { ApiError, callAdminApi } from '../api.ts';
import { formatDate } from '../format.ts';
import { Denied, Pending } from '../players.tsx';
import type { TextKey } from '../texts.ts';
import { useText } from '../use-text.ts';
import './compliance.css';

type Review = KycReview & { id: number };
type Outcome = { kind: 'approved' | 'rejected' | 'gone' | 'error'; memberId: number };

/** The catalogue's NOT_FOUND: the record is no longer in review (another operator decided first). */
const NOT_FOUND = 1004;

/**
 * The KYC review queue (issue 26 §4): the identities the service could not confirm, oldest first; one
 * opened shows the photo the player sent beside the service's answer and what the player declared, to
 * approve or to reject with a reason the player reads. The server records each look at the photo and
 * each decision.
 */
export function KycReviewQueue() {
  const t = useText();
  const [language] = useLocaleState();
  const { canAccess, isPending: checking } = useCanAccess({ resource: 'kyc-reviews', action: 'list' });
  const { canAccess: canDecide } = useCanAccess({ resource: 'kyc-reviews', action: 'decide' });
  const queue = useGetList<Review>('kyc-reviews', {}, { enabled: canAccess === true });
  const [openId, setOpenId] = useState<number | undefined>();
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  if (checking) return <Pending />;
  if (!canAccess) return <Denied />;
  const open = queue.data?.find((review) => review.id === openId);
  const decided = (result: Outcome) => {
    setOutcome(result);
    setOpenId(undefined);
    void queue.refetch();
  };
  return (
    <section>
      <h1>{t('menu.kycReviews')}</h1>
      <p className="muted">{t('kycQueue.hint')}</p>
      {outcome && (
        <p className={outcome.kind === 'error' ? 'error' : 'notice'} role="status">
          {outcome.kind === 'error'
            ? t('app.error')
            : t(`kycQueue.${outcome.kind}`, { id: outcome.memberId })}
        </p>
      )}
      {queue.isPending && <Pending />}
      {queue.error && <Pending error={queue.error} />}
      {queue.data?.length === 0 && <p className="notice">{t('kycQueue.empty')}</p>}
      {queue.data && queue.data.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th>{t('kycQueue.member')}</th>
              <th>{t('kycQueue.identity')}</th>
              <th>{t('kycQueue.reason')}</th>
              <th>{t('kycQueue.sent')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {queue.data.map((review) => (
              <tr key={review.id} className={review.id === openId ? 'selected' : undefined}>
                <td className="number">{review.memberId}</td>
                <td>{review.identity ?? '—'}</td>
                <td>{t(`kycReason.${review.reason ?? 'none'}`)}</td>
                <td>{formatDate(review.submittedAt, language)}</td>
                <td>
                  <button
                    type="button"
                    className="secondary"
                    aria-label={`${t('kycQueue.open')} ${review.memberId}`}
                    onClick={() => {
                      setOutcome(undefined);
                      setOpenId(review.id);
                    }}
                  >
                    {t('kycQueue.open')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {open && <ReviewCase key={open.id} review={open} canDecide={canDecide === true} onDecided={decided} />}
    </section>
  );
}

/** A declared date of birth as the form keeps it (20240131) written 2024-01-31; anything else as it is. */
function readableDate(value: string | undefined): string | undefined {
  return value && /^\d{8}$/.test(value)
    ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}`
    : value;
}

function resultCodeText(code: string): TextKey {
  return (IDENTITY_RESULT_CODES as readonly string[]).includes(code)
    ? (`kycCode.${code}` as TextKey)
    : 'kycCode.unknown';
}

/** One identity in review: the document, the service's answer and the declaration side by side. */
function ReviewCase({
  review,
  canDecide,
  onDecided,
}: {
  review: Review;
  canDecide: boolean;
  onDecided: (outcome: Outcome) => void;
}) {
  const t = useText();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const memberId = review.memberId;
  const decide = async (action: 'approve' | 'reject') => {
    setBusy(true);
    const path = (action === 'approve' ? ADMIN_PATHS.kycApprove : ADMIN_PATHS.kycReject).replace(
      ':memberId',
      String(memberId),
    );
    try {
      await callAdminApi(path, {
        method: 'POST',
        ...(action === 'reject' ? { body: { note: note.trim() } } : {}),
      });
      onDecided({ kind: action === 'approve' ? 'approved' : 'rejected', memberId });
    } catch (error) {
      onDecided({ kind: error instanceof ApiError && error.code === NOT_FOUND ? 'gone' : 'error', memberId });
    } finally {
      setBusy(false);
    }
  };
  const reject = (event: FormEvent) => {
    event.preventDefault();
    void decide('reject');
  };
  const declared = KYC_FIELD_NAMES.filter((name) => review.values[name] !== undefined);
  return (
    <section className="card review" aria-label={t('kycQueue.title', { id: memberId })}>
      <h2>{t('kycQueue.title', { id: memberId })}</h2>
      <div className="side-by-side">
        <figure className="review-photo">
          <figcaption>{t('kycQueue.document')}</figcaption>
          {review.hasPhoto ? (
            <>
              <img
                src={`${API_BASE}${COMPLIANCE_PATHS.kycPhoto.replace(':memberId', String(memberId))}`}
                alt={t('kycQueue.document')}
              />
              <p className="muted">{t('kycQueue.photoRecorded')}</p>
            </>
          ) : (
            <p className="muted">{t('kycQueue.noPhoto')}</p>
          )}
        </figure>
        <div>
          <h3>{t('kycQueue.answer')}</h3>
          <dl className="facts">
            <div>
              <dt>{t('kycQueue.resultCode')}</dt>
              <dd>
                {review.resultCode ? `${review.resultCode} · ${t(resultCodeText(review.resultCode))}` : '—'}
              </dd>
            </div>
            <div>
              <dt>{t('kycQueue.reason')}</dt>
              <dd>{t(`kycReason.${review.reason ?? 'none'}`)}</dd>
            </div>
            <div>
              <dt>{t('kycQueue.providerRef')}</dt>
              <dd>{review.providerRef ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('kycQueue.method')}</dt>
              <dd>{review.method}</dd>
            </div>
          </dl>
        </div>
        <div>
          <h3>{t('kycQueue.declared')}</h3>
          <dl className="facts">
            {declared.map((name) => (
              <div key={name}>
                <dt>{t(`kycField.${name}`)}</dt>
                <dd>{name === 'dateOfBirth' ? readableDate(review.values[name]) : review.values[name]}</dd>
              </div>
            ))}
            <div>
              <dt>{t('kycQueue.identity')}</dt>
              <dd>{review.identity ?? '—'}</dd>
            </div>
          </dl>
        </div>
      </div>
      {canDecide ? (
        <div className="decision">
          <button type="button" disabled={busy} onClick={() => void decide('approve')}>
            {t('kycQueue.approve')}
          </button>
          <form className="reject" onSubmit={reject}>
            <textarea
              aria-label={t('kycQueue.note')}
              placeholder={t('kycQueue.note')}
              value={note}
              required
              minLength={3}
              maxLength={300}
              onInput={(event) => setNote(event.currentTarget.value)}
            />
            <button type="submit" className="danger" disabled={busy || note.trim().length < 3}>
              {t('kycQueue.reject')}
            </button>
          </form>
        </div>
      ) : (
        <p className="muted">{t('kycQueue.cannotDecide')}</p>
      )}
    </section>
  );
}
