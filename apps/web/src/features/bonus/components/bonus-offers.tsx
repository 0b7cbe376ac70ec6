import type { MyBonus } from '@app/contracts/bonus';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { releasePopup } from '../../../lib/popup-lock.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { usePopup } from '../../../lib/use-popup.ts';
import { getMyBonuses, myBonusesQuery } from '../api/bonus-api.ts';
import { BONUS_TEXTS } from '../texts.ts';

/**
 * The game launch's top-up dialog (casino page, its own chunk): "Insufficient balance! Deposit now and
 * get extra bonus" while the member can still get the first-deposit bonus (the server says so: never
 * where deposit-linked rewards are forbidden), else the plain `message`, which also shows while loading.
 */
export function TopUpDialog({
  message,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t, ready } = useFeatureTranslation(BONUS_TEXTS);
  const query = useQuery(myBonusesQuery);
  const offer = ready && query.data?.firstDepositOffer === true;
  return (
    <ConfirmDialog
      message={offer ? t('bonus.topUpBonus') : message}
      confirmLabel={confirmLabel}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

/** How long after a paid deposit its first-deposit bonus is looked for (the grant follows within seconds). */
export const GIFT_LOOK_MS = 10_000;
const GIFT_POLL_MS = 1_000;
/** Recent enough to be this deposit's bonus. */
const GIFT_RECENT_MS = 10 * 60_000;
const SHOWN_KEY = 'first_deposit_bonus_shown';

function recentFirstDepositBonus(bonuses: MyBonus[], now: number): MyBonus | undefined {
  return bonuses.find(
    (bonus) =>
      bonus.source === 'first-deposit-bonus' && now - new Date(bonus.createdAt).getTime() < GIFT_RECENT_MS,
  );
}

/**
 * The deposit result's gift (its own chunk): after a paid deposit, the first-deposit bonus granted for it
 * (looked for a few seconds: it is granted from the deposit's money fact), once per bonus on this device.
 */
export function FirstDepositBonusGift() {
  const { t, ready } = useFeatureTranslation(BONUS_TEXTS);
  const money = useMoneyFormat();
  const [gift, setGift] = useState<MyBonus | undefined>();
  const open = usePopup('first-deposit-bonus', gift !== undefined && ready);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const look = async () => {
      try {
        const data = await getMyBonuses();
        const all = [...(data.active ? [data.active] : []), ...data.pending, ...data.history];
        const found = recentFirstDepositBonus(all, Date.now());
        if (!live) return;
        if (found) {
          if (localStorage.getItem(SHOWN_KEY) === String(found.id)) return;
          localStorage.setItem(SHOWN_KEY, String(found.id));
          setGift(found);
          return;
        }
      } catch (error) {
        console.warn('[bonus] bonuses not read', error);
      }
      if (live && Date.now() - started < GIFT_LOOK_MS) timer = setTimeout(() => void look(), GIFT_POLL_MS);
    };
    void look();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, []);

  const close = () => {
    releasePopup('first-deposit-bonus');
    setGift(undefined);
  };
  if (!open || !gift) return null;
  return (
    <Dialog
      label={t('bonus.source.first-deposit-bonus')}
      onClose={close}
      className="confirm"
      testId="bonus-gift"
    >
      <p className="confirm__message">
        {t('bonus.depositBonus', { amount: `${money.currency} ${money.format(gift.amount)}` })}
      </p>
      <div className="confirm__actions">
        <Link className="button button--ghost" to="/bonus" onClick={close}>
          {t('bonus.title')}
        </Link>
        <button type="button" className="button button--primary" onClick={close}>
          {t('common.ok')}
        </button>
      </div>
    </Dialog>
  );
}
