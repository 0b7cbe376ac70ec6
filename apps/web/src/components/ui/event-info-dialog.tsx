import { useEffect } from 'react';
import { advertsQuery } from '../../api/get-adverts.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useQuery } from '../../lib/query.ts';
import { AdvertLink } from './advert-link.tsx';
import { Dialog } from './dialog.tsx';
import { CloseIcon } from './icons.tsx';
import './event-info-dialog.css';

/**
 * The coin or diamond event information (spec §7: adverts 700101 and 700201): how they are earned and
 * spent, in the operator's words. The Me page opens it from the figures; the coins event popup shows the
 * coin one. Nothing written there (or a failed load with no local copy) closes it at once: no empty box.
 */
export function EventInfoDialog({
  position,
  onClose,
  testId = 'event-info',
}: {
  position: number;
  onClose: () => void;
  testId?: string;
}) {
  const { t, language } = useTranslation();
  const query = useQuery(advertsQuery(position, language));
  const info = query.data?.[0];
  const nothingToShow = !info && query.status !== 'pending';
  useEffect(() => {
    if (nothingToShow) onClose();
  }, [nothingToShow, onClose]);
  if (!info) return null;
  const paragraphs = info.content
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <Dialog label={info.title} onClose={onClose} className="event-info" testId={testId}>
      {info.img || info.image ? (
        <img className="event-info__image" src={info.img || info.image} alt="" width="750" height="300" />
      ) : null}
      <h2 className="event-info__title">{info.title}</h2>
      {paragraphs.map((paragraph, index) => (
        <p key={index} className="event-info__text">
          {paragraph}
        </p>
      ))}
      <div className="event-info__actions">
        {info.url ? (
          <AdvertLink url={info.url} className="button button--primary" onNavigate={onClose}>
            {t('tabs.promotion')}
          </AdvertLink>
        ) : null}
        <button
          type="button"
          className="icon-button event-info__close"
          aria-label={t('common.close')}
          onClick={onClose}
        >
          <CloseIcon size={20} />
        </button>
      </div>
    </Dialog>
  );
}
