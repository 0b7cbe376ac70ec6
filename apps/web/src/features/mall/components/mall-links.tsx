import { PAGE_PATHS } from '@app/contracts/page-paths';
import { Link } from 'react-router';
import type { Translate } from '../../../lib/i18n.ts';
import { useCart } from '../cart.ts';

/** The bar's links of every mall page: the cart (with how many lines it holds) and my orders. */
export function MallLinks({ t }: { t: Translate }) {
  const { lines } = useCart();
  return (
    <div className="mall-links">
      <Link to={PAGE_PATHS.mallOrders} className="mall-links__link" data-testid="mall-orders-link">
        {t('mall.orders')}
      </Link>
      <Link
        to={PAGE_PATHS.mallCart}
        className="mall-links__link mall-links__cart"
        data-testid="mall-cart-link"
      >
        {t('mall.cart')}
        {lines.length > 0 ? <span className="mall-links__badge">{lines.length}</span> : null}
      </Link>
    </div>
  );
}
