import type { CashRainGift } from '@app/contracts/cash-rain';
import { GIFT_TYPE } from '@app/contracts/cash-rain-rules';
import { useEffect, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import type { Translate } from '../../../lib/i18n.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { SHARE_DELAY_MS } from '../rain-rules.ts';
import { SharePopup } from './share-popup.tsx';

/** A gift as the player reads it (cash in the currency, coins and diamonds counted). */
export function giftText(
  t: Translate,
  gift: Pick<CashRainGift, 'giftType' | 'giftAmount'>,
  money: (minor: number) => string,
): string {
  switch (gift.giftType) {
    case GIFT_TYPE.cash:
      return t('cash_rain.giftCash', { amount: money(gift.giftAmount) });
    case GIFT_TYPE.bonusCash:
      return t('cash_rain.giftBonusCash', { amount: money(gift.giftAmount) });
    case GIFT_TYPE.coins:
      return t('cash_rain.giftCoins', { amount: gift.giftAmount });
    default:
      return t('cash_rain.giftDiamonds', { amount: gift.giftAmount });
  }
}

/**
 * The red packet: a gift, or "try again" (gift type 0, a failed claim or nothing caught: `gift` null).
 * A won gift brings the share popup 1 s later (spec §4).
 */
export function ResultDialog({
  t,
  gift,
  shareLink,
  onClose,
}: {
  t: Translate;
  gift: CashRainGift | null;
  shareLink: string;
  onClose: () => void;
}) {
  const { format, currency } = useMoneyFormat();
  const won = gift !== null && gift.giftType !== GIFT_TYPE.tryAgain;
  const [sharing, setSharing] = useState(false);
  useEffect(() => {
    if (!won) return undefined;
    const timer = setTimeout(() => setSharing(true), SHARE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [won]);
  return (
    <Dialog label={t('cash_rain.resultTitle')} onClose={onClose} className="rain-result" testId="rain-result">
      <p className="rain-result__title">{t('cash_rain.resultTitle')}</p>
      {won ? (
        <p className="rain-result__gift" data-testid="rain-gift">
          {t('cash_rain.won')} <strong>{giftText(t, gift, (minor) => `${currency} ${format(minor)}`)}</strong>
        </p>
      ) : (
        <p className="rain-result__gift" data-testid="rain-try-again">
          {t('cash_rain.tryAgain')}
        </p>
      )}
      {gift !== null && gift.position !== null ? (
        <p className="cash-rain__muted" data-testid="rain-packet">
          {t('cash_rain.packet', { n: gift.position + 1 })}
        </p>
      ) : null}
      <button type="button" className="button button--primary button--block" onClick={onClose}>
        {t('cash_rain.ok')}
      </button>
      {sharing ? <SharePopup t={t} url={shareLink} onClose={() => setSharing(false)} /> : null}
    </Dialog>
  );
}
