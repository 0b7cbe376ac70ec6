import type { MallOrder } from '@app/contracts/mall';
import type { Translate } from '../../../lib/i18n.ts';
import { useTimeFormat } from '../../../lib/use-date-format.ts';
import { usePriceText } from './price.tsx';

/** An order: its lines, what was paid (after the discount), its status and the team's note. */
export function OrderCard({ order, t }: { order: MallOrder; t: Translate }) {
  const priceText = usePriceText(t);
  const formatTime = useTimeFormat();
  const paid = (['cash', 'coins', 'diamonds'] as const)
    .filter((currency) => order[currency] > 0)
    .map((currency) => priceText(currency, order[currency]));
  return (
    <article className="order-card" data-testid={`order-${order.id}`}>
      <header className="order-card__head">
        <span>{t('mall.orderNumber', { id: order.id })}</span>
        <span className={`order-card__status is-${order.status}`} data-testid="order-status">
          {t(`mall.status.${order.status}`)}
        </span>
      </header>
      <ul className="order-card__lines">
        {order.lines.map((line) => (
          <li key={line.goodsId}>
            <span>
              {line.name} ×{line.count}
            </span>
            <span>{priceText(line.currency, line.unitPrice * line.count)}</span>
          </li>
        ))}
      </ul>
      {order.discount > 0 && order.discountCurrency ? (
        <p className="order-card__row">
          <span>{t('mall.discount')}</span>
          <span>−{priceText(order.discountCurrency, order.discount)}</span>
        </p>
      ) : null}
      <p className="order-card__row">
        <span>{t('mall.paid')}</span>
        <strong data-testid="order-paid">{paid.length > 0 ? paid.join(' + ') : priceText('cash', 0)}</strong>
      </p>
      {order.note ? <p className="order-card__note">{t('mall.note', { note: order.note })}</p> : null}
      <p className="muted">{formatTime(order.createTime)}</p>
    </article>
  );
}
