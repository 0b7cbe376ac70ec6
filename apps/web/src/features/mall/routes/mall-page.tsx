import { MALL_TYPE_IDS, type ClaimableCoupon } from '@app/contracts/mall';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation, type Translate } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { useSession } from '../../../lib/session.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { useTimeFormat } from '../../../lib/use-date-format.ts';
import { useLoginGate } from '../../../lib/use-login-gate.tsx';
import { claimCoupon } from '../api/claim-coupon.ts';
import { couponsQuery } from '../api/get-coupons.ts';
import { goodsQuery } from '../api/get-goods.ts';
import { GoodsCard } from '../components/goods-card.tsx';
import { MallLinks } from '../components/mall-links.tsx';
import { useCouponValue } from '../components/coupon-text.tsx';
import { MALL_TEXTS } from '../texts.ts';
import '../components/mall.css';

function CouponStrip({ t }: { t: Translate }) {
  const { token } = useSession();
  const coupons = useQuery(couponsQuery(token));
  const { requireLogin, loginDialog } = useLoginGate();
  const [busy, setBusy] = useState<number>();
  const valueOf = useCouponValue(t);
  const formatDate = useTimeFormat();
  const take = (coupon: ClaimableCoupon) =>
    requireLogin(() => {
      setBusy(coupon.couponId);
      claimCoupon(coupon.couponId)
        .then(() => {
          showToast(t('mall.couponAdded'), { kind: 'success' });
          return coupons.refetch();
        })
        .catch(toastError)
        .finally(() => setBusy(undefined));
    });
  const claimable = coupons.data?.claimable ?? [];
  if (claimable.length === 0) return loginDialog;
  return (
    <section className="mall-coupons" aria-label={t('mall.couponsToTake')}>
      <ul>
        {claimable.map((coupon) => (
          <li key={coupon.couponId} className="mall-coupon" data-testid={`claimable-${coupon.couponId}`}>
            <span className="mall-coupon__value">{valueOf(coupon)}</span>
            <span className="mall-coupon__name">{coupon.name}</span>
            <span className="mall-coupon__until">
              {t('mall.validTo', { date: formatDate(coupon.validTo) })}
            </span>
            <button
              type="button"
              className="button button--primary button--small"
              disabled={coupon.taken || coupon.left === 0 || busy === coupon.couponId}
              onClick={() => take(coupon)}
            >
              {coupon.taken ? t('mall.taken') : coupon.left === 0 ? t('mall.gone') : t('mall.take')}
            </button>
          </li>
        ))}
      </ul>
      {loginDialog}
    </section>
  );
}

/**
 * `/mall` and `/mall/{type}` (spec §2): the type tabs, the coupons anyone may take, the goods grid with
 * price and what is left. Visitors see it all; taking a coupon or buying asks them to log in.
 */
export function MallPage() {
  const { t, ready } = useFeatureTranslation(MALL_TEXTS);
  const params = useParams();
  const type = params.type === undefined ? undefined : Number(params.type);
  const { token } = useSession();
  const goods = useQuery(goodsQuery(type, token));
  if (type !== undefined && !(MALL_TYPE_IDS as readonly number[]).includes(type)) {
    return <Navigate to={PAGE_PATHS.mall} replace />;
  }
  if (!ready) return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  const tabs: { key: string; to: string; active: boolean }[] = [
    { key: 'mall.tabs.all', to: PAGE_PATHS.mall, active: type === undefined },
    ...MALL_TYPE_IDS.map((id) => ({
      key: `mall.tabs.${id}`,
      to: PAGE_PATHS.mallType(id),
      active: type === id,
    })),
  ];
  return (
    <div className="mall" data-testid="mall-page">
      <NavBar title={t('mall.title')} />
      <MallLinks t={t} />
      <nav className="mall-tabs" aria-label={t('mall.title')}>
        {tabs.map((tab) => (
          <Link
            key={tab.to}
            to={tab.to}
            replace
            className={`mall-tabs__tab${tab.active ? ' is-active' : ''}`}
            aria-current={tab.active ? 'page' : undefined}
          >
            {t(tab.key)}
          </Link>
        ))}
      </nav>
      <div className="mall__body">
        {goods.data?.notice ? (
          <p className="mall__notice" data-testid="mall-notice">
            {goods.data.notice}
          </p>
        ) : null}
        <CouponStrip t={t} />
        {goods.data ? (
          !goods.data.enable ? (
            <p className="page-status">{t('mall.closed')}</p>
          ) : goods.data.goods.length === 0 ? (
            <p className="page-status">{t('mall.empty')}</p>
          ) : (
            <ul className="goods-grid" data-testid="goods-grid">
              {goods.data.goods.map((item) => (
                <GoodsCard key={item.id} goods={item} t={t} />
              ))}
            </ul>
          )
        ) : (
          <QueryStatus status={goods.status} error={goods.error} onRetry={() => void goods.refetch()} />
        )}
      </div>
    </div>
  );
}
