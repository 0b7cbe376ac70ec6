import { MAX_LINE_COUNT, type MallGoods } from '@app/contracts/mall';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { useSession } from '../../../lib/session.ts';
import { showToast } from '../../../lib/toast.ts';
import { goodsItemQuery } from '../api/get-goods-item.ts';
import { addToCart } from '../cart.ts';
import { CountStepper } from '../components/count-stepper.tsx';
import { MallLinks } from '../components/mall-links.tsx';
import { useDeliverableText, usePriceText } from '../components/price.tsx';
import { MALL_TEXTS } from '../texts.ts';
import '../components/mall.css';

/** How many more the member may take: what is left, and their limit less what they bought. */
export function maxCount(goods: MallGoods): number {
  const byLimit = goods.limit === null ? MAX_LINE_COUNT : goods.limit - goods.bought;
  const byStock = goods.stock === null ? MAX_LINE_COUNT : goods.stock;
  return Math.max(0, Math.min(MAX_LINE_COUNT, byLimit, byStock));
}

/** `/mall/detail/{id}` (login, spec §6): the item, what it gives, what is left; Add to cart or Buy now. */
export function DetailPage() {
  const { t, ready } = useFeatureTranslation(MALL_TEXTS);
  const id = Number(useParams().id);
  const { token } = useSession();
  const navigate = useNavigate();
  const query = useQuery({ ...goodsItemQuery(id, token), enabled: Number.isInteger(id) && id > 0 });
  const priceText = usePriceText(t);
  const deliverableText = useDeliverableText(t);
  const [count, setCount] = useState(1);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to={PAGE_PATHS.mall} replace />;
  if (!ready) return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  const goods = query.data;
  const max = goods ? maxCount(goods) : 0;
  const line = goods && { id: goods.id, unitPrice: goods.price, count, couponType: goods.couponType };
  return (
    <div className="mall" data-testid="mall-detail-page">
      <NavBar title={goods?.name ?? t('mall.title')} />
      <MallLinks t={t} />
      {goods && line ? (
        <div className="mall__body mall-detail">
          {goods.image ? <img className="mall-detail__image" src={goods.image} alt="" /> : null}
          <h2 className="mall-detail__name">{goods.name}</h2>
          <p className="mall-detail__price">
            <strong data-testid="detail-price">{priceText(goods.currency, goods.price)}</strong>
            {goods.originalPrice > goods.price ? (
              <s>{priceText(goods.currency, goods.originalPrice)}</s>
            ) : null}
          </p>
          {goods.description ? <p>{goods.description}</p> : null}
          <dl className="mall-detail__facts">
            <dt>{t('mall.youGet')}</dt>
            <dd>{deliverableText(goods.deliverable)}</dd>
            <dt>{t('mall.stock')}</dt>
            <dd>
              {goods.stock === null
                ? t('mall.inStock')
                : goods.stock === 0
                  ? t('mall.soldOut')
                  : t('mall.left', { count: goods.stock })}
            </dd>
            {goods.limit !== null ? (
              <>
                <dt>{t('mall.limitTitle')}</dt>
                <dd>{t('mall.limit', { limit: goods.limit, bought: goods.bought })}</dd>
              </>
            ) : null}
            <dt>{t('mall.coupon')}</dt>
            <dd>{goods.couponType === 1 ? t('mall.couponsWelcome') : t('mall.noCoupons')}</dd>
          </dl>
          {max > 0 ? (
            <div className="mall-detail__actions">
              <CountStepper
                value={Math.min(count, max)}
                max={max}
                onChange={setCount}
                t={t}
                testId="detail-count"
              />
              <button
                type="button"
                className="button button--ghost"
                data-testid="add-to-cart"
                onClick={() => {
                  addToCart({ ...line, count: Math.min(count, max) });
                  showToast(t('mall.added'), { kind: 'success' });
                }}
              >
                {t('mall.addToCart')}
              </button>
              <button
                type="button"
                className="button button--primary"
                data-testid="buy-now"
                onClick={() =>
                  void navigate(`${PAGE_PATHS.mallCart}?buy=${goods.id}&count=${Math.min(count, max)}`)
                }
              >
                {t('mall.buyNow')}
              </button>
            </div>
          ) : (
            <p className="page-status" data-testid="cannot-buy">
              {goods.stock === 0 ? t('mall.soldOut') : t('mall.limitReached')}
            </p>
          )}
        </div>
      ) : (
        <QueryStatus status={query.status} error={query.error} onRetry={() => void query.refetch()} />
      )}
    </div>
  );
}
