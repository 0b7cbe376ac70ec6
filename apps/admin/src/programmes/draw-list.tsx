import { useCanAccess, useListController, useLocaleState } from 'ra-core';
import type { AdminDraw } from '@app/contracts/back-office-programmes';
import { formatCount, formatDate, formatMoney } from '../format.ts';
import { Denied, Pending } from '../players.tsx';
import { useText } from '../use-text.ts';

/**
 * The draws (issue 26 §5), read only: the latest draws of every draw product (or of one), their times,
 * state, tickets, winners and prizes, each linked to its public verification page (the fairness verifier
 * the players use).
 */
export function DrawList() {
  const t = useText();
  const [language] = useLocaleState();
  const { canAccess, isPending: checking } = useCanAccess({ resource: 'draws', action: 'list' });
  const list = useListController<AdminDraw>({ perPage: 100, storeKey: false });
  if (checking) return <Pending />;
  if (!canAccess) return <Denied />;
  const products = (list.meta as { products?: string[] } | undefined)?.products ?? [];
  const product = typeof list.filterValues.product === 'string' ? list.filterValues.product : '';
  return (
    <section>
      <h1>{t('menu.draws')}</h1>
      <p className="muted">{t('draws.hint')}</p>
      <p>
        <label className="inline-label">
          {t('draws.product')}{' '}
          <select
            value={product}
            onChange={(event) => list.setFilters({ product: event.currentTarget.value }, {}, false)}
          >
            <option value="">{t('draws.all')}</option>
            {products.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
      </p>
      {!list.data ? (
        <Pending error={list.error} />
      ) : list.data.length === 0 ? (
        <p className="notice">{t('draws.none')}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>{t('draws.id')}</th>
              <th>{t('draws.product')}</th>
              <th>{t('draws.drawAt')}</th>
              <th>{t('draws.status')}</th>
              <th>{t('draws.price')}</th>
              <th>{t('draws.tickets')}</th>
              <th>{t('draws.winners')}</th>
              <th>{t('draws.prizes')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.data.map((draw) => (
              <tr key={draw.id}>
                <td className="number">
                  {draw.id}
                  <div className="muted small-text">{draw.ref}</div>
                </td>
                <td>{draw.product}</td>
                <td>
                  {formatDate(draw.drawAt, language)}
                  <div className="muted small-text">
                    {t('draws.salesClose')} {formatDate(draw.salesCloseAt, language)}
                  </div>
                </td>
                <td>
                  <span className={`badge draw-${draw.status}`}>{t(`draws.${draw.status}`)}</span>
                  {draw.delayReason && (
                    <div className="muted small-text">{t('draws.delayed', { reason: draw.delayReason })}</div>
                  )}
                </td>
                <td className="number">{formatMoney(draw.price, language)}</td>
                <td className="number">{formatCount(draw.ticketCount, language)}</td>
                <td className="number">{formatCount(draw.winners, language)}</td>
                <td className="number">{formatMoney(draw.prizes, language)}</td>
                <td>
                  <a href={draw.verifyPath} target="_blank" rel="noopener noreferrer">
                    {t('draws.verify')}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
