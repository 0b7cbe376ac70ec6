import { ERRORS } from '@app/contracts/errors';
import { useParams } from 'react-router';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { isApiError } from '../../../lib/request.ts';
import { appealTimelineQuery } from '../api/get-appeal-timeline.ts';
import { useTimeFormat } from '../../../lib/use-date-format.ts';
import { DepositSummary } from '../components/deposit-summary.tsx';
import { ProofImage } from '../components/proof-image.tsx';
import '../components/feedback.css';

/** `/feedback/timeline/{id}` (spec §2): an appeal and its history as a vertical timeline, newest last. */
export function TimelinePage() {
  const { t } = useTranslation();
  const { id: param } = useParams();
  const id = Number(param);
  const valid = Number.isSafeInteger(id) && id > 0;
  const query = useQuery({ ...appealTimelineQuery(valid ? id : 0), enabled: valid });
  const formatTime = useTimeFormat();
  const appeal = query.data;
  const notFound = !valid || (isApiError(query.error) && query.error.code === ERRORS.NOT_FOUND.code);

  return (
    <div className="appeal">
      <NavBar title={t('feedback.timelineTitle')} />
      {notFound ? (
        <p className="page-status" data-testid="timeline-not-found">
          {t('feedback.appealNotFound')}
        </p>
      ) : !appeal ? (
        <QueryStatus
          status={query.status}
          error={query.error}
          onRetry={() => void query.refetch().catch(() => undefined)}
        />
      ) : (
        <>
          <DepositSummary transNo={appeal.transNo} payMoney={appeal.payMoney} />
          <section className="appeal-detail" data-testid="appeal-detail">
            <p className={`appeal-state appeal-state--${appeal.state}`}>
              {t(`feedback.state.${appeal.state}`)}
            </p>
            {appeal.receipt ? (
              <p>
                <span className="appeal-detail__label">{t('feedback.receipt')}</span> {appeal.receipt}
              </p>
            ) : null}
            <p className="appeal-detail__content">{appeal.content}</p>
            {appeal.images.length > 0 ? (
              <ul className="appeal-detail__images">
                {appeal.images.map((url, index) => (
                  <li key={url}>
                    <ProofImage url={url} alt={t('feedback.imageAlt', { index: index + 1 })} />
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
          <ol className="timeline" aria-label={t('feedback.history')}>
            {appeal.events.map((event) => (
              <li
                key={event.id}
                className={`timeline__event timeline__event--${event.state}`}
                data-testid="timeline-event"
              >
                <span className="timeline__dot" aria-hidden="true" />
                <div className="timeline__body">
                  <p className="timeline__title">
                    {t(`feedback.event.${event.state}`)}
                    <span className="timeline__actor">
                      {' · '}
                      {event.actor === 'member' ? t('feedback.byYou') : t('feedback.bySupport')}
                    </span>
                  </p>
                  {event.note ? <p className="timeline__note">{event.note}</p> : null}
                  <time className="timeline__time" dateTime={event.createTime}>
                    {formatTime(event.createTime)}
                  </time>
                </div>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
