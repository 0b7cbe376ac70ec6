import type { CoinSpinPrize, CoinSpinRecord, CoinSpinResult } from '@app/contracts/coin-spin';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { FAIR_VERIFY_PAGE } from '@app/contracts/paths';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { BackIcon } from '../../../components/ui/icons.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { getProfile, setProfile } from '../../../lib/session.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { useBlockBack } from '../../../lib/use-block-back.ts';
import { useGoBack } from '../../../lib/use-go-back.ts';
import { useLoginGate } from '../../../lib/use-login-gate.tsx';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { usePopup } from '../../../lib/use-popup.ts';
import { releasePopup } from '../../../lib/popup-lock.ts';
import { coinSpinRecordsQuery } from '../api/get-coin-spin-records.ts';
import { coinSpinQuery } from '../api/get-coin-spin.ts';
import { spinCoinWheel } from '../api/spin-coin-wheel.ts';
import { CoinWheel, rotationFor, SPIN_MS } from '../components/coin-wheel.tsx';
import { COIN_SPIN_TEXTS } from '../texts.ts';
import '../components/coin-spin.css';

/** The games app's fairness verifier, filled in for one spin (the seed is there once the day is over). */
export function verifyLink(record: CoinSpinRecord): string {
  const query = new URLSearchParams({
    game: 'coin-spin',
    serverSeedHash: record.serverSeedHash,
    clientSeed: record.clientSeed,
    nonce: String(record.nonce),
    options: JSON.stringify({ remaining: record.remainingBefore }),
  });
  if (record.serverSeed) query.set('serverSeed', record.serverSeed);
  return `${FAIR_VERIFY_PAGE}?${query.toString()}`;
}

function usePrizeLabel() {
  const { t } = useFeatureTranslation(COIN_SPIN_TEXTS);
  const money = useMoneyFormat();
  return (prize: Pick<CoinSpinPrize, 'coins' | 'cash'>) =>
    [
      prize.coins > 0 ? t('coinSpin.coins', { amount: money.format(prize.coins) }) : '',
      prize.cash > 0
        ? t('coinSpin.cash', { currency: money.currency, amount: money.format(prize.cash) })
        : '',
    ]
      .filter(Boolean)
      .join(' + ');
}

function SpinRecords({ id }: { id: number }) {
  const { t } = useFeatureTranslation(COIN_SPIN_TEXTS);
  const labelOf = usePrizeLabel();
  const records = useQuery(coinSpinRecordsQuery(id));
  if (records.status !== 'success')
    return (
      <QueryStatus status={records.status} error={records.error} onRetry={() => void records.refetch()} />
    );
  if (!records.data?.length) return <p className="coin-spin__muted">{t('coinSpin.noRecords')}</p>;
  return (
    <ul className="coin-spin__list" data-testid="coin-spin-records">
      {records.data.map((record) => (
        <li key={record.id}>
          <span>{record.siteDay}</span>
          <strong>{labelOf(record)}</strong>
          <span className="coin-spin__muted">
            {record.serverSeed ? (
              <a href={verifyLink(record)}>{t('coinSpin.verify')}</a>
            ) : (
              t('coinSpin.seedHidden')
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * `/games/coin-spin/{id}` (spec §2): the day's free spin over the published pool. While the wheel turns the
 * page cannot be closed (spec §8 "Spinning, Can not close"); then the result dialog shows what was won
 * (already paid: the balance is refreshed from the answer). Visitors see the page and are asked to log in.
 */
export function CoinSpinPage() {
  const { t, ready } = useFeatureTranslation(COIN_SPIN_TEXTS);
  const id = Number(useParams().id ?? 1);
  const goBack = useGoBack();
  const labelOf = usePrizeLabel();
  const money = useMoneyFormat();
  const { isLoggedIn, requireLogin, loginDialog } = useLoginGate();
  // The day's pool is published: a visitor sees the wheel too (the member's answer adds whether they may spin).
  const wheel = useQuery(coinSpinQuery(id, isLoggedIn));
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<CoinSpinResult>();
  const [shownResult, setShownResult] = useState<CoinSpinResult>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const resultShown = usePopup('coin-spin-result', shownResult !== undefined);
  // The list below reads the same entry; refetched when a spin's result shows.
  const records = useQuery({ ...coinSpinRecordsQuery(id), enabled: false });
  const fetchRecords = () => records.refetch().catch(() => undefined);

  useEffect(() => () => clearTimeout(timer.current), []);
  // The browser's or the phone's back while the wheel turns: the page stays and says why.
  useBlockBack(spinning, () => showToast(t('coinSpin.spinning')));

  const close = () => {
    if (spinning) showToast(t('coinSpin.spinning'));
    else goBack();
  };

  const spin = async () => {
    if (spinning || !wheel.data?.canSpin) return;
    setSpinning(true);
    try {
      const answer = await spinCoinWheel(id);
      const profile = getProfile();
      if (profile) setProfile({ ...profile, money: answer.money, bonusMoney: answer.bonusMoney });
      const position = wheel.data.prizes.findIndex((prize) => prize.index === answer.prizeIndex);
      setRotation((previous) => rotationFor(Math.max(position, 0), wheel.data?.prizes.length ?? 1, previous));
      setResult(answer);
      timer.current = setTimeout(() => {
        setSpinning(false);
        setShownResult(answer);
        void wheel.refetch().catch(() => undefined);
        void fetchRecords();
      }, SPIN_MS);
    } catch (error) {
      setSpinning(false);
      toastError(error);
    }
  };
  const closeResult = () => {
    releasePopup('coin-spin-result');
    setShownResult(undefined);
  };

  const state = wheel.data;
  return (
    <div className="coin-spin-page">
      <header className="nav-bar">
        <button
          type="button"
          className="nav-bar__back icon-button"
          onClick={close}
          aria-label={ready ? t('common.back') : ''}
          data-testid="coin-spin-back"
        >
          <BackIcon />
        </button>
        <h1 className="nav-bar__title">{ready ? t('coinSpin.title') : ''}</h1>
        <div className="nav-bar__end" />
      </header>
      {ready ? (
        <div className="coin-spin">
          <p className="coin-spin__intro">{t('coinSpin.intro')}</p>
          {wheel.status !== 'success' ? (
            <QueryStatus status={wheel.status} error={wheel.error} onRetry={() => void wheel.refetch()} />
          ) : null}
          {state ? (
            <CoinWheel
              prizes={state.prizes}
              rotation={rotation}
              labelOf={labelOf}
              shortLabelOf={(prize) =>
                prize.cash > 0 ? `${money.currency} ${money.format(prize.cash)}` : money.format(prize.coins)
              }
            />
          ) : null}
          {spinning ? (
            <p className="coin-spin__spinning" role="status" data-testid="coin-spin-spinning">
              {t('coinSpin.spinning')}
            </p>
          ) : null}
          {!isLoggedIn ? null : state?.needsSignIn ? (
            <p className="coin-spin__note">
              {t('coinSpin.signInFirst')} <Link to={PAGE_PATHS.dailyBonus}>{t('coinSpin.toDailyBonus')}</Link>
            </p>
          ) : state?.spunToday && !spinning ? (
            <p className="coin-spin__note">{t('coinSpin.spunToday')}</p>
          ) : state && !state.canSpin && !spinning ? (
            <p className="coin-spin__note">{t('coinSpin.poolEmpty')}</p>
          ) : null}
          <button
            type="button"
            className="button button--primary button--block"
            disabled={isLoggedIn && (spinning || !state?.canSpin || result !== undefined)}
            onClick={() => requireLogin(() => void spin())}
            data-testid="coin-spin-button"
          >
            {t('coinSpin.spin')}
          </button>
          {state ? (
            <section className="coin-spin__section">
              <h2>{t('coinSpin.pool')}</h2>
              <ul className="coin-spin__list" data-testid="coin-spin-pool">
                {state.prizes.map((prize) => (
                  <li key={prize.index}>
                    <span>{labelOf(prize)}</span>
                    <span className="coin-spin__muted">
                      {t('coinSpin.left', { remaining: prize.remaining, count: prize.count })}
                    </span>
                  </li>
                ))}
              </ul>
              <p className="coin-spin__muted">{t('coinSpin.seedHash')}</p>
              <p className="coin-spin__seed">{state.serverSeedHash}</p>
            </section>
          ) : null}
          {isLoggedIn ? (
            <section className="coin-spin__section">
              <h2>{t('coinSpin.records')}</h2>
              <SpinRecords id={id} />
            </section>
          ) : null}
        </div>
      ) : null}
      {resultShown && shownResult ? (
        <Dialog
          label={t('coinSpin.resultTitle')}
          onClose={closeResult}
          className="coin-spin__result"
          testId="coin-spin-result"
        >
          <h2>{t('coinSpin.resultTitle')}</h2>
          <p data-testid="coin-spin-prize">{t('coinSpin.resultWon', { prize: labelOf(shownResult) })}</p>
          <button type="button" className="button button--primary button--block" onClick={closeResult}>
            {t('coinSpin.ok')}
          </button>
        </Dialog>
      ) : null}
      {loginDialog}
    </div>
  );
}
