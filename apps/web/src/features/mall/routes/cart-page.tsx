import { WEB_PLATFORM } from '@app/contracts/envelope';
import { ERRORS } from '@app/contracts/errors';
import type { CartLine, MallCurrency, MallGoods, MemberCoupon } from '@app/contracts/mall';
import { MALL_CURRENCIES } from '@app/contracts/mall';
import { priceCart } from '@app/contracts/mall-rules';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation, type Translate } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { catalogueMessage, isApiError } from '../../../lib/request.ts';
import { getProfile, setProfile, useSession } from '../../../lib/session.ts';
import { useSettings } from '../../../lib/settings.ts';
import { toastError } from '../../../lib/toast.ts';
import { checkout } from '../api/checkout.ts';
import { newRequestId } from '../../../lib/request-id.ts';
import { couponsQuery } from '../api/get-coupons.ts';
import { goodsQuery } from '../api/get-goods.ts';
import { chooseCoupon, clearBought, removeLine, setLine, useCart } from '../cart.ts';
import { useCouponValue } from '../components/coupon-text.tsx';
import { CountStepper } from '../components/count-stepper.tsx';
import { usePriceText } from '../components/price.tsx';
import { maxCount } from './detail-page.tsx';
import { MALL_TEXTS } from '../texts.ts';
import '../components/mall.css';

type Row = { line: CartLine; goods: MallGoods | undefined };

function CouponPicker({
  t,
  coupons,
  chosen,
  onChoose,
  refusal,
}: {
  t: Translate;
  coupons: MemberCoupon[];
  chosen: number | undefined;
  onChoose: (id: number | undefined) => void;
  refusal: string | null;
}) {
  const valueOf = useCouponValue(t);
  return (
    <fieldset className="mall-picker" data-testid="coupon-picker">
      <legend>{t('mall.coupon')}</legend>
      <label className="mall-picker__option">
        <input
          type="radio"
          name="coupon"
          checked={chosen === undefined}
          onChange={() => onChoose(undefined)}
        />
        <span>{t('mall.noCoupon')}</span>
      </label>
      {coupons.map((coupon) => (
        <label key={coupon.id} className="mall-picker__option" data-testid={`coupon-${coupon.id}`}>
          <input
            type="radio"
            name="coupon"
            checked={chosen === coupon.id}
            onChange={() => onChoose(coupon.id)}
          />
          <span>
            <strong>{valueOf(coupon)}</strong> {coupon.name}
          </span>
        </label>
      ))}
      {coupons.length === 0 ? <p className="muted">{t('mall.noCoupons')}</p> : null}
      {refusal ? (
        <p className="mall-picker__refusal" role="alert" data-testid="coupon-refusal">
          {refusal}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * `/mall/cart` (ours, login): the cart's lines with count steppers, one coupon, the total in each currency
 * as the shared pricing rules compute it, and Pay. `?buy={id}&count={n}` is Buy now: that one line,
 * without touching the saved cart. The server prices it again; a stale line is shown with its new price.
 */
export function CartPage() {
  const { t, ready } = useFeatureTranslation(MALL_TEXTS);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { token, profile } = useSession();
  const { theme } = useSettings();
  const saved = useCart();
  const goodsList = useQuery(goodsQuery(undefined, token));
  const coupons = useQuery(couponsQuery(token));
  const priceText = usePriceText(t);
  const buyId = Number(search.get('buy'));
  const isBuyNow = Number.isInteger(buyId) && buyId > 0;
  const [buyNow, setBuyNow] = useState<{ line?: CartLine; couponId?: number }>({});
  const [paying, setPaying] = useState(false);
  const requestId = useRef<string>(undefined);

  const goodsById = new Map((goodsList.data?.goods ?? []).map((goods) => [goods.id, goods]));
  const buyGoods = isBuyNow ? goodsById.get(buyId) : undefined;
  const buyLine =
    buyNow.line ??
    (buyGoods && {
      id: buyGoods.id,
      unitPrice: buyGoods.price,
      count: Math.max(1, Number(search.get('count')) || 1),
      couponType: buyGoods.couponType,
    });
  const lines: CartLine[] = isBuyNow ? (buyLine ? [buyLine] : []) : saved.lines;
  const chosenCoupon = isBuyNow ? buyNow.couponId : saved.couponId;
  const updateLine = (line: CartLine) => (isBuyNow ? setBuyNow((was) => ({ ...was, line })) : setLine(line));
  const onChoose = (id: number | undefined) =>
    isBuyNow ? setBuyNow((was) => ({ ...was, couponId: id })) : chooseCoupon(id);

  if (!ready) return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  if (!goodsList.data) {
    return (
      <div className="mall">
        <NavBar title={t('mall.cart')} />
        <QueryStatus
          status={goodsList.status}
          error={goodsList.error}
          onRetry={() => void goodsList.refetch()}
        />
      </div>
    );
  }

  const rows: Row[] = lines.map((line) => ({ line, goods: goodsById.get(line.id) }));
  const available = (coupons.data?.mine ?? []).filter((coupon) => coupon.status === 'available');
  const coupon = available.find((each) => each.id === chosenCoupon);
  const priced = priceCart(
    rows.flatMap((row) => (row.goods ? [{ goods: row.goods, count: row.line.count }] : [])),
    coupon,
    { now: new Date(), platform: WEB_PLATFORM, theme },
  );
  const refusal = priced.refusal ? catalogueMessage(ERRORS[priced.refusal].code) : null;
  const isStale = (row: Row) =>
    row.goods !== undefined &&
    (row.goods.price !== row.line.unitPrice || row.goods.couponType !== row.line.couponType);
  const canPay = rows.length > 0 && rows.every((row) => row.goods !== undefined && !isStale(row)) && !paying;
  const used = MALL_CURRENCIES.filter((currency) => rows.some((row) => row.goods?.currency === currency));

  const pay = async () => {
    if (!canPay) return;
    setPaying(true);
    requestId.current ??= newRequestId();
    try {
      const order = await checkout({
        requestId: requestId.current,
        goods: lines,
        couponId: coupon?.id,
      });
      requestId.current = undefined;
      const current = getProfile();
      if (current) {
        setProfile({
          ...current,
          money: order.money,
          withdrawMoney: order.withdrawMoney,
          bonusMoney: order.bonusMoney,
          diamond: order.diamond,
        });
      }
      if (!isBuyNow) clearBought(lines.map((line) => line.id));
      void navigate(`${PAGE_PATHS.mallOrder(order.id)}?done=1`, { replace: true });
    } catch (error) {
      // The server answered: a retry is a new checkout. A lost answer keeps the id (the same order).
      if (isApiError(error) && error.code >= 0) requestId.current = undefined;
      toastError(error);
      void goodsList.refetch();
      void coupons.refetch();
    } finally {
      setPaying(false);
    }
  };

  const totalText = (currency: MallCurrency) => priceText(currency, priced.totals[currency]);
  return (
    <div className="mall" data-testid="mall-cart-page">
      <NavBar title={isBuyNow ? t('mall.buyNow') : t('mall.cart')} />
      <div className="mall__body">
        {rows.length === 0 ? (
          <div className="page-status">
            <p>{t('mall.cartEmpty')}</p>
            <Link to={PAGE_PATHS.mall} className="button button--primary">
              {t('mall.goShopping')}
            </Link>
          </div>
        ) : (
          <>
            <ul className="cart-lines">
              {rows.map((row) => (
                <li key={row.line.id} className="cart-line" data-testid={`cart-line-${row.line.id}`}>
                  {row.goods ? (
                    <>
                      {row.goods.image ? (
                        <img className="cart-line__image" src={row.goods.image} alt="" />
                      ) : null}
                      <div className="cart-line__body">
                        <span className="cart-line__name">{row.goods.name}</span>
                        <span className="cart-line__price">
                          {priceText(row.goods.currency, row.goods.price)}
                        </span>
                        {isStale(row) ? (
                          <span className="cart-line__stale" role="alert">
                            {t('mall.priceChanged')}{' '}
                            <button
                              type="button"
                              className="link-button"
                              onClick={() =>
                                updateLine({
                                  ...row.line,
                                  unitPrice: row.goods!.price,
                                  couponType: row.goods!.couponType,
                                })
                              }
                            >
                              {t('mall.update')}
                            </button>
                          </span>
                        ) : null}
                      </div>
                      <CountStepper
                        value={row.line.count}
                        max={Math.max(1, maxCount(row.goods))}
                        onChange={(count) => updateLine({ ...row.line, count })}
                        t={t}
                        testId={`cart-count-${row.line.id}`}
                      />
                    </>
                  ) : (
                    <span className="cart-line__body muted">{t('mall.unavailable')}</span>
                  )}
                  {isBuyNow ? null : (
                    <button
                      type="button"
                      className="icon-button cart-line__remove"
                      aria-label={t('mall.remove')}
                      onClick={() => removeLine(row.line.id)}
                    >
                      ×
                    </button>
                  )}
                </li>
              ))}
            </ul>
            <CouponPicker
              t={t}
              coupons={available}
              chosen={coupon?.id}
              onChoose={onChoose}
              refusal={refusal}
            />
            <section className="cart-total" data-testid="cart-total">
              {priced.discount > 0 && coupon ? (
                <p>
                  <span>{t('mall.discount')}</span>
                  <strong data-testid="cart-discount">−{priceText(coupon.currency, priced.discount)}</strong>
                </p>
              ) : null}
              {used.map((currency) => (
                <p key={currency}>
                  <span>{t('mall.total')}</span>
                  <strong data-testid={`cart-total-${currency}`}>{totalText(currency)}</strong>
                </p>
              ))}
              {profile ? (
                <p className="muted" data-testid="cart-balance">
                  {t('mall.balance', {
                    cash: priceText('cash', profile.money),
                    coins: priceText('coins', profile.bonusMoney),
                    diamonds: priceText('diamonds', profile.diamond),
                  })}
                </p>
              ) : null}
            </section>
            <button
              type="button"
              className="button button--primary button--block"
              disabled={!canPay}
              onClick={() => void pay()}
              data-testid="pay"
            >
              {paying ? t('mall.paying') : t('mall.pay')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
