import { FAQ_TYPE } from '@app/contracts/config';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ChevronIcon } from '../../../components/ui/icons.tsx';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { FAQ_PAGE_SIZE, useFaqList } from '../api/get-faq-list.ts';

const FAQ_TYPES: readonly number[] = Object.values(FAQ_TYPE);

export function faqTypeFrom(value: string | null): number {
  const type = Number(value);
  return FAQ_TYPES.includes(type) ? type : FAQ_TYPE.GENERAL;
}

type FaqChunkProps = { type: number; page: number; isLast: boolean; onMore: () => void };

/** One page of answers; the last loaded page offers the next while the server has more. */
function FaqChunk({ type, page, isLast, onMore }: FaqChunkProps) {
  const { t } = useTranslation();
  const query = useFaqList(type, page);
  const data = query.data;
  if (!data)
    return <QueryStatus status={query.status} error={query.error} onRetry={() => void query.refetch()} />;
  if (page === 1 && data.list.length === 0) return <p className="page-status">{t('faq.empty')}</p>;
  return (
    <>
      {data.list.map((item) => (
        <details key={item.id} className="faq__item" data-testid="faq-item">
          <summary className="faq__question">
            <span>{item.question}</span>
            <ChevronIcon size={18} className="faq__chevron" />
          </summary>
          <p className="faq__answer">{item.answer}</p>
        </details>
      ))}
      {isLast && data.total > page * FAQ_PAGE_SIZE ? (
        <button type="button" className="button button--ghost button--block faq__more" onClick={onMore}>
          {t('faq.loadMore')}
        </button>
      ) : null}
    </>
  );
}

/** `/me/faq?type=N`: questions of one help list, with "load more" paging. */
export function FaqPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const type = faqTypeFrom(params.get('type'));
  const [pages, setPages] = useState({ type, count: 1 });
  // A different list starts again at its first page.
  const count = pages.type === type ? pages.count : 1;
  return (
    <div className="faq">
      <NavBar title={t('faq.title')} />
      <div className="faq__list">
        {Array.from({ length: count }, (_, index) => (
          <FaqChunk
            key={`${type}-${index + 1}`}
            type={type}
            page={index + 1}
            isLast={index + 1 === count}
            onMore={() => setPages({ type, count: count + 1 })}
          />
        ))}
      </div>
    </div>
  );
}
