import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ERRORS } from '@app/contracts/errors';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { AdvertLink } from '../../../components/ui/advert-link.tsx';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { isApiError } from '../../../lib/request.ts';
import { usePopup } from '../../../lib/use-popup.ts';
import { usePromotionPage } from '../api/get-promotion-page.ts';
import { PROMOTION_TEXTS } from '../texts.ts';
import { RulesDialog } from '../components/rules-dialog.tsx';
import '../promotions.css';

/** An id as the server takes it; anything else is a promotion that does not exist. */
function pageIdOf(value: string | undefined): number | undefined {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : undefined;
}

function NotFound() {
  const { t } = useFeatureTranslation(PROMOTION_TEXTS);
  return (
    <section className="placeholder" role="alert" data-testid="promotion-not-found">
      <p className="placeholder__text">{t('promotion.notFound')}</p>
      <Link to={PAGE_PATHS.promotion} className="button button--primary">
        {t('promotion.allPromotions')}
      </Link>
    </section>
  );
}

function PromotionDetail({ id }: { id: number }) {
  const { t, ready } = useFeatureTranslation(PROMOTION_TEXTS);
  const query = usePromotionPage(id);
  const [showingRules, setShowingRules] = useState(false);
  const rulesShown = usePopup('promotion-rules', showingRules);
  const page = query.data;
  const missing = isApiError(query.error) && query.error.code === ERRORS.PROMOTION_PAGE_NOT_FOUND.code;
  return (
    <div className="promotion-page">
      <NavBar title={page?.title ?? (ready ? t('promotion.title') : '')} />
      {!page && missing ? <NotFound /> : null}
      {!page && !missing ? (
        <QueryStatus status={query.status} error={query.error} onRetry={() => void query.refetch()} />
      ) : null}
      {page && ready ? (
        <article className="promotion-page__body" data-testid="promotion-page">
          {page.image ? (
            <img className="promotion-page__image" src={page.image} alt="" width="750" height="300" />
          ) : null}
          <h2 className="promotion-page__title">{page.title}</h2>
          {page.description ? <p className="promotion-page__description">{page.description}</p> : null}
          <div className="promotion-page__actions">
            <button type="button" className="button button--ghost" onClick={() => setShowingRules(true)}>
              {t('promotion.rules')}
            </button>
            <AdvertLink url={page.url} className="button button--primary">
              {page.action || t('promotion.join')}
            </AdvertLink>
          </div>
        </article>
      ) : null}
      {page && rulesShown ? (
        <RulesDialog title={page.title} rules={page.rules} onClose={() => setShowingRules(false)} />
      ) : null}
    </div>
  );
}

/** `/activities/promotion/{id}` (spec §2): one programme, its rules dialog and the way into it. */
export function PromotionPage() {
  const id = pageIdOf(useParams().id);
  if (id === undefined) {
    return (
      <div className="promotion-page">
        <PromotionTitleBar />
        <NotFound />
      </div>
    );
  }
  return <PromotionDetail key={id} id={id} />;
}

function PromotionTitleBar() {
  const { t, ready } = useFeatureTranslation(PROMOTION_TEXTS);
  return <NavBar title={ready ? t('promotion.title') : ''} />;
}
