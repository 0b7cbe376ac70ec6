import type { StakeLimit } from '@app/contracts/bonus';
import { useCallback, useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { getProfile, setProfile } from '../../../lib/session.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { forfeitBonus } from '../api/forfeit-bonus.ts';
import { getStakeLimit } from '../api/get-stake-limit.ts';
import { BONUS_TEXTS } from '../texts.ts';
import { sourceName } from './bonus-card.tsx';
import './bonus.css';

/**
 * The active bonus's stake limit in the game launch's bar (its own chunk; every game, the provider's too,
 * whose page cannot say why a stake was refused): "Max KES 50.00 · Welcome bonus" and the way out, Forfeit,
 * which asks first. Shown only while a bonus caps this game's stake below its own maximum (the server says
 * so, `account/bonus/stake-limit`); after a forfeit `onForfeited` reloads the game, which then reads its
 * own maximum.
 */
export function StakeLimitBar({ gameId, onForfeited }: { gameId: number; onForfeited: () => void }) {
  const { t, ready } = useFeatureTranslation(BONUS_TEXTS);
  const money = useMoneyFormat();
  const [limit, setLimit] = useState<StakeLimit | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const read = useCallback(
    () =>
      getStakeLimit(gameId).then(setLimit, (error: unknown) =>
        console.warn('[bonus] stake limit not read', error),
      ),
    [gameId],
  );
  useEffect(() => {
    void read();
  }, [read]);

  const forfeit = async (id: number) => {
    setConfirming(false);
    if (busy) return;
    setBusy(true);
    try {
      const result = await forfeitBonus(id);
      const profile = getProfile();
      if (profile) setProfile({ ...profile, money: result.money, withdrawMoney: result.withdrawMoney });
      showToast(t('bonus.forfeited'), { kind: 'success' });
      await read();
      onForfeited();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const bonus = limit?.bonus;
  if (!ready || !bonus) return null;
  const amount = `${money.currency} ${money.format(bonus.maxStake)}`;
  return (
    <div className="stake-limit-bar" role="note" data-testid="stake-limit-bar">
      <span className="stake-limit-bar__text">
        {t('bonus.capShort', { amount, name: sourceName(t, bonus.source) })}
      </span>
      <button
        type="button"
        className="button button--ghost button--small stake-limit-bar__forfeit"
        data-testid="stake-limit-forfeit"
        disabled={busy}
        onClick={() => setConfirming(true)}
      >
        {t('bonus.forfeit')}
      </button>
      {confirming ? (
        <ConfirmDialog
          message={t('bonus.forfeitForStakes', { amount, name: sourceName(t, bonus.source) })}
          confirmLabel={t('bonus.forfeit')}
          onConfirm={() => void forfeit(bonus.id)}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
