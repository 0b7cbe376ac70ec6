import { PAGE_PATHS } from '@app/contracts/page-paths';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { orderQuery } from '../api/get-order.ts';
import { ordersQuery } from '../api/get-orders.ts';
import { OrderCard } from '../components/order-card.tsx';
import { MALL_TEXTS } from '../texts.ts';
import '../components/mall.css';

/** `/mall/orders` (ours, login): the member's orders, newest first, with their status. */
export function OrdersPage() {
  const { t, ready } = useFeatureTranslation(MALL_TEXTS);
  const orders = useQuery(ordersQuery());
  if (!ready) return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  return (
    <div className="mall" data-testid="mall-orders-page">
      <NavBar title={t('mall.orders')} />
      <div className="mall__body">
        {orders.data ? (
          orders.data.list.length === 0 ? (
            <div className="page-status">
              <p>{t('mall.noOrders')}</p>
              <Link to={PAGE_PATHS.mall} className="button button--primary">
                {t('mall.goShopping')}
              </Link>
            </div>
          ) : (
            orders.data.list.map((order) => (
              <Link key={order.id} to={PAGE_PATHS.mallOrder(order.id)} className="order-link">
                <OrderCard order={order} t={t} />
              </Link>
            ))
          )
        ) : (
          <QueryStatus status={orders.status} error={orders.error} onRetry={() => void orders.refetch()} />
        )}
      </div>
    </div>
  );
}

/** `/mall/orders/{id}` (ours, login): one order; after a checkout (`?done=1`) the result says so. */
export function OrderPage() {
  const { t, ready } = useFeatureTranslation(MALL_TEXTS);
  const id = Number(useParams().id);
  const [search] = useSearchParams();
  const order = useQuery({ ...orderQuery(id), enabled: Number.isInteger(id) && id > 0 });
  if (!Number.isInteger(id) || id <= 0) return <Navigate to={PAGE_PATHS.mallOrders} replace />;
  if (!ready) return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  const isResult = search.get('done') === '1';
  return (
    <div className="mall" data-testid="mall-order-page">
      <NavBar title={isResult ? t('mall.done') : t('mall.orderNumber', { id })} />
      <div className="mall__body">
        {order.data ? (
          <>
            {isResult ? (
              <p className="mall-result" role="status" data-testid="checkout-result">
                {order.data.status === 'pending' ? t('mall.doneItem') : t('mall.doneDelivered')}
              </p>
            ) : null}
            <OrderCard order={order.data} t={t} />
            <div className="mall-detail__actions">
              <Link to={PAGE_PATHS.mallOrders} className="button button--ghost">
                {t('mall.orders')}
              </Link>
              <Link to={PAGE_PATHS.mall} className="button button--primary">
                {t('mall.goShopping')}
              </Link>
            </div>
          </>
        ) : (
          <QueryStatus status={order.status} error={order.error} onRetry={() => void order.refetch()} />
        )}
      </div>
    </div>
  );
}
