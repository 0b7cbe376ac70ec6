import type { CashRainDuration, CashRainGift } from '@app/contracts/cash-rain';
import { GIFT_TYPE, SLOT_STATUS } from '@app/contracts/cash-rain-rules';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { fetchQuery, useQuery } from '../../../lib/query.ts';
import { setProfile, useSession } from '../../../lib/session.ts';
import { useSettings } from '../../../lib/settings.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { useLoginGate } from '../../../lib/use-login-gate.tsx';
import { usePopup } from '../../../lib/use-popup.ts';
import { getMemberInfo } from '../../../api/get-member-info.ts';
import { claimCashRainGift } from '../api/claim-cash-rain-gift.ts';
import { cashRainConfigQuery, getCashRainConfig } from '../api/get-cash-rain-config.ts';
import { cashRainRecordsQuery } from '../api/get-cash-rain-records.ts';
import { drawStatusQuery } from '../api/get-draw-status.ts';
import { CASH_RAIN_TEXTS } from '../texts.ts';
import { RainGame } from '../components/rain-game.tsx';
import { RainRecords } from '../components/rain-records.tsx';
import { ResultDialog } from '../components/result-dialog.tsx';
import { chooseSlot, slotLabel, startTimeOf } from '../rain-rules.ts';

type Stage =
  | { kind: 'idle' }
  | { kind: 'rules'; slot: CashRainDuration }
  | { kind: 'playing'; slot: CashRainDuration }
  | { kind: 'claiming' }
  | { kind: 'result'; gift: CashRainGift | null };

const STATUS_KEY = {
  [SLOT_STATUS.open]: 'cash_rain.open',
  [SLOT_STATUS.upcoming]: 'cash_rain.upcoming',
  [SLOT_STATUS.finished]: 'cash_rain.finished',
} as const;

async function refreshBalance(): Promise<void> {
  try {
    setProfile(await getMemberInfo());
  } catch (error) {
    console.warn('[cash-rain] balance not refreshed', error);
  }
}

/**
 * `/activities/cash-rain`: today's slots, and the rain (spec §4). The tap loads the config afresh, asks a
 * visitor to log in, sends a member who must deposit first to /deposit (cash_rain.msg7), and asks whether
 * the member already took part in the slot; then the rules, the countdown, the rain and the red packet.
 */
export function CashRainPage() {
  const { t, ready } = useFeatureTranslation(CASH_RAIN_TEXTS);
  const { token } = useSession();
  const { country } = useSettings();
  const navigate = useNavigate();
  const { requireLogin, loginDialog } = useLoginGate();
  const config = useQuery(cashRainConfigQuery(token));
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const rulesShown = usePopup('cash-rain-rules', stage.kind === 'rules');
  const resultShown = usePopup('cash-rain-result', stage.kind === 'result');

  const begin = async () => {
    try {
      const fresh = await getCashRainConfig();
      const slot = chooseSlot(fresh.durations);
      if (!fresh.enable || !slot || slot.status !== SLOT_STATUS.open) return;
      if (fresh.memberStatus !== 0) {
        showToast(t('cash_rain.msg7'));
        void navigate(PAGE_PATHS.deposit);
        return;
      }
      if (await fetchQuery(drawStatusQuery(token ?? '', slot.id))) {
        showToast(t('cash_rain.joined'));
        return;
      }
      setStage({ kind: 'rules', slot });
    } catch (error) {
      toastError(error);
    }
  };

  const finish = async (slot: CashRainDuration, count: number) => {
    if (count <= 0) {
      setStage({ kind: 'result', gift: null });
      return;
    }
    setStage({ kind: 'claiming' });
    try {
      const gift = await claimCashRainGift({ id: slot.id, count });
      if (gift.giftType !== GIFT_TYPE.tryAgain) await refreshBalance();
      setStage({ kind: 'result', gift });
    } catch {
      // A failed claim shows "try again" (spec §8).
      setStage({ kind: 'result', gift: null });
    } finally {
      // The slot is now joined (or the server says whether it is): here and on home's widget.
      void fetchQuery(drawStatusQuery(token ?? '', slot.id)).catch(() => undefined);
    }
  };

  const openSlot = config.data?.enable
    ? config.data.durations.find((duration) => duration.status === SLOT_STATUS.open)
    : undefined;
  const joined = useQuery({
    ...drawStatusQuery(token ?? '', openSlot?.id ?? 0),
    enabled: !!token && !!openSlot,
  });
  if (!ready) return <p className="page-status">…</p>;
  const data = config.data;
  const joinedSlotId = token && openSlot && joined.data === true ? openSlot.id : undefined;
  const slot = data?.enable ? chooseSlot(data.durations, joinedSlotId) : undefined;
  const label = slot && slotLabel(slot, country.timeZone);
  return (
    <div className="cash-rain">
      <NavBar title={data?.title || t('cash_rain.title')} />
      <div className="cash-rain__body">
        {!data ? (
          <QueryStatus status={config.status} error={config.error} onRetry={() => void config.refetch()} />
        ) : !slot ? (
          <p className="page-status">{t('cash_rain.none')}</p>
        ) : (
          <>
            <button
              type="button"
              className="button button--primary button--block"
              data-testid="cash-rain-grab"
              disabled={slot.status !== SLOT_STATUS.open || stage.kind !== 'idle'}
              onClick={() => requireLogin(() => void begin())}
            >
              {label && t(label.key, label.vars)}
            </button>
            <h2>{t('cash_rain.slots')}</h2>
            <ul className="cash-rain__slots">
              {data.durations.map((duration) => (
                <li
                  key={duration.id}
                  className={`cash-rain__slot${duration.status === SLOT_STATUS.open ? ' cash-rain__slot--open' : ''}`}
                >
                  <span>
                    {startTimeOf(duration, country.timeZone)} –{' '}
                    {startTimeOf({ ...duration, begin: duration.end }, country.timeZone)}
                  </span>
                  <span className="cash-rain__status">{t(STATUS_KEY[duration.status])}</span>
                  {duration.seedHash ? (
                    <span className="cash-rain__hash" data-testid="cash-rain-seed-hash">
                      {t('cash_rain.seedHash')} <code>{duration.seedHash}</code>
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
            <p className="cash-rain__rules">{data.rules || t('cash_rain.rules')}</p>
          </>
        )}
        {token ? (
          <>
            <h2>{t('cash_rain.records')}</h2>
            <p className="cash-rain__muted">{t('cash_rain.fairness')}</p>
            <RainRecords t={t} token={token} />
          </>
        ) : null}
      </div>
      {rulesShown && stage.kind === 'rules' ? (
        <Dialog
          label={t('cash_rain.rulesTitle')}
          onClose={() => setStage({ kind: 'idle' })}
          testId="rain-rules"
        >
          <p className="rain-result__title">{t('cash_rain.rulesTitle')}</p>
          <p>{data?.rules || t('cash_rain.rules')}</p>
          <button
            type="button"
            className="button button--primary button--block"
            onClick={() => setStage({ kind: 'playing', slot: stage.slot })}
          >
            {t('cash_rain.start')}
          </button>
        </Dialog>
      ) : null}
      {stage.kind === 'playing' ? <RainGame t={t} onEnd={(count) => void finish(stage.slot, count)} /> : null}
      {resultShown && stage.kind === 'result' ? (
        <ResultDialog
          t={t}
          gift={stage.gift}
          shareLink={`${window.location.origin}/activities/cash-rain`}
          onClose={() => {
            setStage({ kind: 'idle' });
            void config.refetch();
            // The new claim joins "My cash rains".
            if (token) fetchQuery(cashRainRecordsQuery(token)).catch(() => undefined);
          }}
        />
      ) : null}
      {loginDialog}
    </div>
  );
}
