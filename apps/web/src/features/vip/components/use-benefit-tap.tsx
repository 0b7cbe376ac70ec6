import { POSITION, VIP_MENU_HOOK } from '@app/contracts/config';
import type { BenefitClaimResult, VipBenefit } from '@app/contracts/vip';
import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMenus } from '../../../api/get-menus.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import type { Translate } from '../../../lib/i18n.ts';
import { setProfile } from '../../../lib/session.ts';
import { toastError } from '../../../lib/toast.ts';
import { usePopup } from '../../../lib/use-popup.ts';
import { claimBenefit } from '../api/claim-benefit.ts';
import { getMemberInfo } from '../../../api/get-member-info.ts';
import { benefitActionOf } from '../benefit-action.ts';
import { useAmountLabel } from './amount-label.ts';

type Shown = { kind: 'success'; result: BenefitClaimResult } | { kind: 'alert' } | null;

/**
 * A benefit's tap (spec §4): claim in place (the success popup with the amount, then the profile read
 * again), the alert vip.cannotClaim when there is nothing to claim, or the way to its page. `onClaimed`
 * reloads the caller's list and level.
 */
export function useBenefitTap(
  t: Translate,
  onClaimed: () => Promise<unknown>,
): { tap: (benefit: VipBenefit) => void; busy: boolean; dialogs: ReactNode } {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { menus } = useMenus(POSITION.HOME_MENU);
  const vipLink = menus.find((menu) => menu.content === VIP_MENU_HOOK)?.url;
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Shown>(null);
  const showing = usePopup('vip-benefit', shown !== null);
  const amountOf = useAmountLabel(t);

  const tap = (benefit: VipBenefit) => {
    const action = benefitActionOf(benefit, vipLink, pathname);
    if (action.kind === 'navigate') {
      void navigate(action.to);
      return;
    }
    if (action.kind === 'alert') {
      setShown({ kind: 'alert' });
      return;
    }
    if (busy) return;
    setBusy(true);
    void claimBenefit(benefit.id)
      .then(async (result) => {
        setShown({ kind: 'success', result });
        await Promise.all([
          onClaimed(),
          getMemberInfo()
            .then(setProfile)
            .catch((error: unknown) => console.warn('[vip] profile not refreshed', error)),
        ]);
      })
      .catch(toastError)
      .finally(() => setBusy(false));
  };

  const close = () => setShown(null);
  const dialogs =
    showing && shown ? (
      <Dialog
        label={shown.kind === 'success' ? t('vip.claimedTitle') : t('vip.cannotClaim')}
        onClose={close}
        className="vip-dialog"
        testId={shown.kind === 'success' ? 'vip-claim-success' : 'vip-claim-alert'}
      >
        {shown.kind === 'success' ? (
          <>
            <p className="vip-dialog__title">{t('vip.claimedTitle')}</p>
            <p className="vip-dialog__amount" data-testid="vip-claim-amount">
              {amountOf(shown.result.asset, shown.result.cashbackAmount)}
            </p>
          </>
        ) : (
          <p className="vip-dialog__title">{t('vip.cannotClaim')}</p>
        )}
        <button type="button" className="button button--primary button--block" onClick={close}>
          {t('vip.ok')}
        </button>
      </Dialog>
    ) : null;
  return { tap, busy, dialogs };
}
