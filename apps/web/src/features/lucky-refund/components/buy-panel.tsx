import { WEB_PLATFORM } from '@app/contracts/envelope';
import type { LuckyRefundBuyResult, PayKind, Round } from '@app/contracts/lucky-refund';
import { PAY_KINDS } from '@app/contracts/lucky-refund-rules';
import { checkCouponOutsideMall, couponDiscountOn } from '@app/contracts/mall-rules';
import { useId, useRef, useState } from 'react';
import type { Translate } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { newRequestId } from '../../../lib/request-id.ts';
import { isApiError } from '../../../lib/request.ts';
import { getProfile, setProfile, useSession } from '../../../lib/session.ts';
import { useSettings } from '../../../lib/settings.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { useLoginGate } from '../../../lib/use-login-gate.tsx';
import { buyCodes } from '../api/buy-codes.ts';
import { myCouponsQuery } from '../api/get-coupons.ts';
import { useAmountText } from './amounts.ts';

function priceOf(round: Round, pay: PayKind): number {
  return pay === 'cash' ? round.price : pay === 'coins' ? round.coinsPrice : round.diamondsPrice;
}

/**
 * Buying codes of the round on sale: how many (up to the round's limit), paid with cash, coins or
 * diamonds (those the round sells for), and for cash one of the member's mall coupons that applies (a cash
 * coupon for no goods in particular). Visitors are asked to log in first.
 */
export function BuyPanel({
  round,
  t,
  onBought,
}: {
  round: Round;
  t: Translate;
  onBought: (result: LuckyRefundBuyResult) => void;
}) {
  const { token, isLoggedIn } = useSession();
  const { theme } = useSettings();
  const { requireLogin, loginDialog } = useLoginGate();
  const amount = useAmountText(t);
  const quantityId = useId();
  const couponFieldId = useId();
  const pays = PAY_KINDS.filter((pay) => priceOf(round, pay) > 0);
  const [pay, setPay] = useState<PayKind>(pays[0] ?? 'cash');
  const [quantity, setQuantity] = useState(1);
  const [couponId, setCouponId] = useState<number | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const requestId = useRef<string>(undefined);
  const coupons = useQuery({ ...myCouponsQuery(token), enabled: isLoggedIn });

  const usable = (coupons.data?.mine ?? []).filter(
    (coupon) =>
      coupon.status === 'available' &&
      checkCouponOutsideMall(coupon, { now: new Date(), platform: WEB_PLATFORM, theme }) === null,
  );
  const coupon = pay === 'cash' ? usable.find((each) => each.id === couponId) : undefined;
  const total = priceOf(round, pay) * quantity;
  const discount = coupon ? couponDiscountOn(coupon, total) : 0;
  const setCount = (count: number) => {
    requestId.current = undefined;
    setQuantity(Math.min(round.maxPerPurchase, Math.max(1, Math.floor(count) || 1)));
  };

  const buy = async () => {
    if (busy) return;
    setBusy(true);
    requestId.current ??= newRequestId();
    try {
      const result = await buyCodes({
        refundId: round.id,
        quantity,
        pay,
        ...(coupon ? { couponId: coupon.id } : {}),
        requestId: requestId.current,
      });
      requestId.current = undefined;
      const profile = getProfile();
      if (profile) {
        setProfile({
          ...profile,
          money: result.money,
          withdrawMoney: result.withdrawMoney,
          bonusMoney: result.bonusMoney,
          diamond: result.diamond,
        });
      }
      setCouponId(undefined);
      showToast(t('lucky_refund.bought', { count: result.codes.length }), { kind: 'success' });
      onBought(result);
    } catch (error) {
      // The server answered: another tap is a new purchase. A lost answer keeps the key (the same purchase).
      if (isApiError(error) && error.code >= 0) requestId.current = undefined;
      toastError(error);
    } finally {
      setBusy(false);
      if (coupon) void coupons.refetch();
    }
  };

  return (
    <section
      className="lucky-refund__card lucky-refund__buy"
      aria-label={t('lucky_refund.tabs.buy')}
      data-testid="lucky-refund-buy"
    >
      <div className="lucky-refund__field">
        <label htmlFor={quantityId}>{t('lucky_refund.quantity')}</label>
        <div className="lucky-refund__stepper">
          <button
            type="button"
            className="button button--small"
            aria-label={t('lucky_refund.fewer')}
            disabled={quantity <= 1}
            onClick={() => setCount(quantity - 1)}
          >
            −
          </button>
          <input
            id={quantityId}
            type="number"
            inputMode="numeric"
            min={1}
            max={round.maxPerPurchase}
            value={quantity}
            onChange={(event) => setCount(Number(event.target.value))}
            data-testid="lucky-refund-quantity"
          />
          <button
            type="button"
            className="button button--small"
            aria-label={t('lucky_refund.more')}
            disabled={quantity >= round.maxPerPurchase}
            onClick={() => setCount(quantity + 1)}
          >
            +
          </button>
        </div>
      </div>
      {pays.length > 1 ? (
        <fieldset className="lucky-refund__field lucky-refund__pays">
          <legend>{t('lucky_refund.payWith')}</legend>
          {pays.map((each) => (
            <label
              key={each}
              className={`lucky-refund__pay${pay === each ? ' lucky-refund__pay--chosen' : ''}`}
            >
              <input
                type="radio"
                name="lucky-refund-pay"
                value={each}
                checked={pay === each}
                onChange={() => {
                  requestId.current = undefined;
                  setPay(each);
                }}
              />
              <span>{t(`lucky_refund.pay.${each}`)}</span>
              <small>{amount(priceOf(round, each), each)}</small>
            </label>
          ))}
        </fieldset>
      ) : null}
      {pay === 'cash' && usable.length > 0 ? (
        <div className="lucky-refund__field">
          <label htmlFor={couponFieldId}>{t('lucky_refund.coupon')}</label>
          <select
            id={couponFieldId}
            value={coupon?.id ?? ''}
            onChange={(event) => {
              requestId.current = undefined;
              setCouponId(event.target.value ? Number(event.target.value) : undefined);
            }}
            data-testid="lucky-refund-coupon"
          >
            <option value="">{t('lucky_refund.noCoupon')}</option>
            {usable.map((each) => (
              <option key={each.id} value={each.id}>
                {each.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <dl className="lucky-refund__total">
        {discount > 0 ? (
          <>
            <dt>{t('lucky_refund.discount')}</dt>
            <dd>−{amount(discount, pay)}</dd>
          </>
        ) : null}
        <dt>{t('lucky_refund.total')}</dt>
        <dd data-testid="lucky-refund-total">{amount(total - discount, pay)}</dd>
      </dl>
      <button
        type="button"
        className="button button--primary button--block"
        disabled={busy}
        onClick={() => requireLogin(() => void buy())}
        data-testid="lucky-refund-buy-button"
      >
        {quantity === 1 ? t('lucky_refund.buyOne') : t('lucky_refund.buy', { count: quantity })}
      </button>
      {loginDialog}
    </section>
  );
}
