import type { BonusOffer } from '@app/contracts/bonus';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { releasePopup } from '../../../lib/popup-lock.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { usePopup } from '../../../lib/use-popup.ts';
import { getMyBonuses, myBonusesQuery } from '../api/get-my-bonuses.ts';
import { BONUS_TEXTS } from '../texts.ts';
import { sourceName } from './bonus-card.tsx';
import { OfferTerms, useOfferDecision } from './offer-card.tsx';

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
  const query = useQuery(myBonusesQuery());
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

/** How long after a paid deposit its first-deposit bonus offer is looked for (it follows within seconds). */
export const GIFT_LOOK_MS = 10_000;
const GIFT_POLL_MS = 1_000;
/** The offers already put to the player on this device (they stay on the bonus page). */
const SHOWN_KEY = 'bonus_offer_shown';
/** Where the app puts an offer to the player: the screens a player browses, never a game or a form. */
const PROMPT_PATHS: readonly string[] = [PAGE_PATHS.home, PAGE_PATHS.promotion, PAGE_PATHS.me];

function shownOffers(): string[] {
  return (localStorage.getItem(SHOWN_KEY) ?? '').split(',').filter(Boolean);
}

function markShown(id: number): void {
  localStorage.setItem(SHOWN_KEY, [...shownOffers(), String(id)].slice(-20).join(','));
}

/**
 * A bonus offered to the player, put to them once on this device (issue 22: a bonus is the player's choice):
 * what it gives, its terms (the stake limit first among them) and Accept, No thanks or Later (it stays on
 * the bonus page). `source` names the programme to look for; `lookMs` keeps looking that long (a
 * first-deposit offer follows the deposit within seconds). Through the shared popup lock.
 */
export function BonusOfferPrompt({ source, lookMs = 0 }: { source?: string; lookMs?: number }) {
  const { t, ready } = useFeatureTranslation(BONUS_TEXTS);
  const money = useMoneyFormat();
  const { pathname } = useLocation();
  const [offer, setOffer] = useState<BonusOffer | undefined>();
  // Any offer (the app's notices) only where a player browses; a named one where it was made (the deposit).
  const here = source !== undefined || PROMPT_PATHS.includes(pathname);
  const open = usePopup('bonus-offer', offer !== undefined && ready && here);
  const { busy, decide } = useOfferDecision(t);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const look = async () => {
      try {
        const data = await getMyBonuses();
        const shown = shownOffers();
        const found = (data?.offers ?? []).find(
          (each) => (source === undefined || each.source === source) && !shown.includes(String(each.id)),
        );
        if (!live) return;
        if (found) {
          setOffer(found);
          return;
        }
      } catch (error) {
        console.warn('[bonus] offers not read', error);
      }
      if (live && Date.now() - started < lookMs) timer = setTimeout(() => void look(), GIFT_POLL_MS);
    };
    void look();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [source, lookMs]);

  // Put to the player once on this device: remembered when it shows (it stays on the bonus page).
  useEffect(() => {
    if (open && offer) markShown(offer.id);
  }, [open, offer]);

  const close = () => {
    releasePopup('bonus-offer');
    setOffer(undefined);
  };
  const choose = async (choice: 'accepted' | 'declined') => {
    if (!offer) return;
    if (await decide(offer, choice)) close();
  };
  if (!open || !offer) return null;
  return (
    <Dialog
      label={sourceName(t, offer.source)}
      onClose={close}
      className="confirm bonus-offer-dialog"
      testId="bonus-offer-dialog"
    >
      <p className="confirm__message">
        {t('bonus.offered', {
          name: sourceName(t, offer.source),
          amount: `${money.currency} ${money.format(offer.amount)}`,
        })}
      </p>
      <OfferTerms offer={offer} t={t} />
      <p className="bonus-offer__choice">{t('bonus.offerChoice')}</p>
      <div className="confirm__actions">
        <Link
          className="button button--ghost"
          to={PAGE_PATHS.bonus}
          onClick={close}
          data-testid="bonus-offer-later"
        >
          {t('bonus.later')}
        </Link>
        <button
          type="button"
          className="button button--ghost"
          data-testid="bonus-offer-decline"
          disabled={busy}
          onClick={() => void choose('declined')}
        >
          {t('bonus.decline')}
        </button>
        <button
          type="button"
          className="button button--primary"
          data-testid="bonus-offer-accept"
          disabled={busy}
          onClick={() => void choose('accepted')}
        >
          {t('bonus.accept')}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * The deposit result's offer (its own chunk): after a paid deposit, the first-deposit bonus offered for it
 * (looked for a few seconds: it is offered from the deposit's money fact), put to the player once.
 */
export function FirstDepositBonusGift() {
  return <BonusOfferPrompt source="first-deposit-bonus" lookMs={GIFT_LOOK_MS} />;
}
