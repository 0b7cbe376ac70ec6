import { PAGE_PATHS } from '@app/contracts/page-paths';
import type { DailyBonusEntry } from '@app/contracts/sign-in';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { getProfile, setProfile } from '../../../lib/session.ts';
import { showToast } from '../../../lib/toast.ts';
import { useLoginGate } from '../../../lib/use-login-gate.tsx';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { dailyBonusQuery } from '../api/get-daily-bonus.ts';
import { signDailyBonus } from '../api/sign-daily-bonus.ts';
import { SIGN_IN_TEXTS } from '../texts.ts';
import './daily-bonus.css';

/** Where WIN CASH leads once today is claimed (spec §4): the coin spin. */
export const COIN_SPIN_PATH = PAGE_PATHS.coinSpin(1);

function DayCard({ entry, justClaimed }: { entry: DailyBonusEntry; justClaimed: boolean }) {
  const { t } = useFeatureTranslation(SIGN_IN_TEXTS);
  const money = useMoneyFormat();
  const classes = [
    'daily-card',
    entry.grand ? 'daily-card--grand' : '',
    entry.today ? 'is-today' : '',
    entry.status === 1 ? 'is-claimed' : '',
    justClaimed ? 'is-just-claimed' : '',
  ];
  return (
    <li
      className={classes.filter(Boolean).join(' ')}
      data-testid="daily-card"
      aria-current={entry.today ? 'date' : undefined}
    >
      <span className="daily-card__day">
        {entry.grand ? t('signIn.grand') : t('signIn.day', { day: entry.day })}
      </span>
      <span className="daily-card__coin" aria-hidden="true">
        ◎
      </span>
      {entry.cashBack > 0 ? (
        // The coin above says what it is; the words are for screen readers (a 4-column card is narrow).
        <span
          className="daily-card__amount"
          aria-label={t('signIn.coins', { amount: money.format(entry.cashBack) })}
        >
          {money.format(entry.cashBack)}
        </span>
      ) : null}
      {entry.status === 1 ? <span className="daily-card__claimed">{t('signIn.claimed')}</span> : null}
    </li>
  );
}

/**
 * The 7-day sign-in (spec §3, §4): today's card highlighted, day 7 the grand one. Claim → the list reloads,
 * today's card plays its animation and the balance is refreshed; once claimed the button reads WIN CASH and
 * leads to the coin spin. A visitor sees the days and is asked to log in; a failure toasts the server's message.
 */
export function DailyBonusPanel({ onNavigate }: { onNavigate?: () => void }) {
  const { t, ready } = useFeatureTranslation(SIGN_IN_TEXTS);
  const money = useMoneyFormat();
  const navigate = useNavigate();
  const { isLoggedIn, requireLogin, loginDialog } = useLoginGate();
  const days = useQuery(dailyBonusQuery(isLoggedIn));
  const [justClaimed, setJustClaimed] = useState<number>();

  const entries = days.data;
  const today = entries?.find((entry) => entry.today);
  const claimedToday = today?.status === 1;

  const { busy, submit } = useSubmit(isLoggedIn && !!today && !claimedToday, async () => {
    const result = await signDailyBonus();
    const profile = getProfile();
    if (profile) setProfile({ ...profile, money: result.money, bonusMoney: result.bonusMoney });
    setJustClaimed(result.day);
    showToast(t('signIn.done', { day: result.day, amount: money.format(result.cashBack) }), {
      kind: 'success',
    });
    await days.refetch();
  });

  if (!ready) return null;
  const action = () => {
    if (claimedToday) {
      onNavigate?.();
      void navigate(COIN_SPIN_PATH);
    } else void submit();
  };

  return (
    <section className="daily-bonus" data-testid="daily-bonus">
      <p className="daily-bonus__subtitle">{t('signIn.subtitle')}</p>
      {days.status !== 'success' ? (
        <QueryStatus status={days.status} error={days.error} onRetry={() => void days.refetch()} />
      ) : (
        <ol className="daily-bonus__days">
          {entries?.map((entry) => (
            <DayCard key={entry.day} entry={entry} justClaimed={justClaimed === entry.day && entry.today} />
          ))}
        </ol>
      )}
      <button
        type="button"
        className="button button--primary button--block daily-bonus__action"
        disabled={busy || !today}
        onClick={() => requireLogin(action)}
        data-testid="daily-bonus-action"
      >
        {claimedToday ? t('signIn.winCash') : t('signIn.claim')}
      </button>
      {loginDialog}
    </section>
  );
}
