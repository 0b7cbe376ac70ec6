import { PAGE_PATHS } from '@app/contracts/page-paths';
import type { MallGoods } from '@app/contracts/mall';
import { Link } from 'react-router';
import type { Translate } from '../../../lib/i18n.ts';
import { usePriceText } from './price.tsx';

/** One item of the grid: picture, name, price (and the struck original), what is left. */
export function GoodsCard({ goods, t }: { goods: MallGoods; t: Translate }) {
  const priceText = usePriceText(t);
  const soldOut = goods.stock === 0;
  return (
    <li className={`goods-card${soldOut ? ' is-sold-out' : ''}`}>
      <Link
        to={PAGE_PATHS.mallDetail(goods.id)}
        className="goods-card__link"
        data-testid={`goods-${goods.id}`}
      >
        {goods.image ? <img className="goods-card__image" src={goods.image} alt="" loading="lazy" /> : null}
        <span className="goods-card__name">{goods.name}</span>
        <span className="goods-card__price">
          <strong>{priceText(goods.currency, goods.price)}</strong>
          {goods.originalPrice > goods.price ? (
            <s className="goods-card__original">{priceText(goods.currency, goods.originalPrice)}</s>
          ) : null}
        </span>
        <span className="goods-card__stock">
          {soldOut
            ? t('mall.soldOut')
            : goods.stock === null
              ? t('mall.inStock')
              : t('mall.left', { count: goods.stock })}
        </span>
      </Link>
    </li>
  );
}
