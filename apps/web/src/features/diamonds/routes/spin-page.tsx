import { FAIR_VERIFY_PAGE } from '@app/contracts/paths';
import type { DiamondSpinBetResult, DiamondSpinConfig } from '@app/contracts/diamonds';
import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation, type Translate } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { getProfile, setProfile } from '../../../lib/session.ts';
import { useSettings } from '../../../lib/settings.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { useBlockBack } from '../../../lib/use-block-back.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { newRequestId } from '../../../lib/request-id.ts';
import { diamondSpinWinnersQuery } from '../api/get-diamond-spin-winners.ts';
import { diamondSpinQuery } from '../api/get-diamond-spin.ts';
import { spinDiamondWheel } from '../api/spin-diamond-wheel.ts';
import { DiamondNav } from '../components/diamond-nav.tsx';
import { DIAMOND_TEXTS } from '../texts.ts';
import '../components/diamonds.css';

/** How long the wheel turns before the result shows (the answer is already in). */
export const SPIN_ANIMATION_MS = 1_500;

type Segment = DiamondSpinConfig['segments'][number];

function usePrizeText(t: Translate) {
  const money = useMoneyFormat();
  return (segment: Pick<Segment, 'type' | 'amount'>) =>
    segment.type === 'coins'
      ? t('diamonds.prizeCoins', { amount: money.format(segment.amount) })
      : segment.type === 'diamonds'
        ? t('diamonds.prizeDiamonds', { count: segment.amount })
        : segment.type === 'cash'
          ? t('diamonds.prizeCash', { amount: `${money.currency} ${money.format(segment.amount)}` })
          : t('diamonds.prizeNone');
}

/** The verifier's address for one bet (apps/games' /game-center/fair, prize wheel). */
export function verifyLink(bet: DiamondSpinBetResult): string {
  const query = new URLSearchParams({
    game: 'prize-wheel',
    serverSeed: bet.fairness.serverSeed,
    serverSeedHash: bet.fairness.serverSeedHash,
    clientSeed: bet.fairness.clientSeed,
    nonce: String(bet.fairness.nonce),
    options: JSON.stringify({ weights: bet.fairness.weights, spins: bet.spins.length }),
  });
  return `${FAIR_VERIFY_PAGE}?${query.toString()}`;
}

/**
 * `/diamond/spin` (spec §2, §7): the published wheel (prizes, chances, today's pools), the bet options
 * (1× or 10×, costing diamonds), the result, the fairness commitment and a link to verify, the winners.
 * While the wheel turns the page cannot be left ("Spinning, Can not close").
 */
export function DiamondSpinPage() {
  const { t, ready } = useFeatureTranslation(DIAMOND_TEXTS);
  const { country } = useSettings();
  const cfg = useQuery(diamondSpinQuery());
  const winners = useQuery(diamondSpinWinnersQuery());
  const prizeText = usePrizeText(t);
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<DiamondSpinBetResult>();
  const [shown, setShown] = useState(false);

  // Leaving while it spins (the browser's or the phone's back, this bar's back): the page stays and says why.
  useBlockBack(spinning, () => showToast(t('diamonds.spinning')));

  const spin = async (index: number) => {
    if (spinning) return;
    setSpinning(true);
    setShown(false);
    try {
      const bet = await spinDiamondWheel(index, newRequestId());
      setResult(bet);
      await new Promise((resolve) => setTimeout(resolve, SPIN_ANIMATION_MS));
      const profile = getProfile();
      if (profile) {
        setProfile({
          ...profile,
          diamond: bet.diamond,
          bonusMoney: profile.bonusMoney + bet.coins,
          money: profile.money + bet.cash,
        });
      }
      setShown(true);
      void cfg.refetch();
      void winners.refetch();
    } catch (error) {
      toastError(error);
    } finally {
      setSpinning(false);
    }
  };

  if (!ready) return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  const data = cfg.data;
  const totalWeight = data?.segments.reduce((sum, segment) => sum + segment.weight, 0) ?? 0;
  const landed = new Set(shown && result ? result.spins.map((each) => each.segment) : []);
  const onClose = () => (spinning ? showToast(t('diamonds.spinning')) : undefined);

  return (
    <div className="diamonds" data-testid="diamond-spin-page">
      <NavBar
        title={t('diamonds.spinTitle')}
        onBack={spinning ? onClose : undefined}
        end={
          spinning ? (
            <button type="button" className="icon-button" onClick={onClose} aria-label={t('diamonds.close')}>
              ⏳
            </button>
          ) : null
        }
      />
      <div className="diamonds__body">
        {/* The other diamond pages wait for the wheel too. */}
        <div
          onClickCapture={(event) => {
            if (!spinning) return;
            event.preventDefault();
            event.stopPropagation();
            onClose();
          }}
        >
          <DiamondNav t={t} />
        </div>
        {data ? (
          <>
            <div className="diamonds__balance">
              <span>{t('diamonds.balance')}</span>
              <strong data-testid="diamond-balance">{data.diamond.toLocaleString(country.locale)}</strong>
            </div>
            <div className="diamond-spin__options">
              {data.options.map((option) => (
                <button
                  key={option.index}
                  type="button"
                  className="button button--primary"
                  disabled={spinning || !data.enable || data.diamond < option.cost}
                  onClick={() => void spin(option.index)}
                  data-testid={`spin-option-${option.index}`}
                >
                  <span>{t('diamonds.spinOption', { spins: option.spins })}</span>
                  <small>{t('diamonds.spinCost', { cost: option.cost })}</small>
                </button>
              ))}
            </div>
            {spinning ? (
              <p className="page-status" aria-busy="true" data-testid="spinning">
                <span className="spinner" aria-hidden="true" /> {t('diamonds.spinning')}
              </p>
            ) : null}
            <h2>{t('diamonds.prizes')}</h2>
            <ul className="diamond-wheel" data-testid="diamond-wheel">
              {data.segments.map((segment, index) => (
                <li key={segment.id} className={landed.has(index) ? 'is-landed' : ''}>
                  <span className="diamond-wheel__prize">{prizeText(segment)}</span>
                  <span className="diamond-wheel__meta">
                    {t('diamonds.chance', {
                      percent: totalWeight ? ((segment.weight / totalWeight) * 100).toFixed(2) : '0',
                    })}
                    {segment.dailyPool !== null
                      ? ` · ${t('diamonds.poolLeft', { remaining: segment.remaining ?? 0, pool: segment.dailyPool })}`
                      : ''}
                  </span>
                </li>
              ))}
            </ul>
            <p className="diamonds__note">{t('diamonds.poolNote')}</p>
            <section className="diamond-spin__fair">
              <h3>{t('diamonds.fairness')}</h3>
              <p>
                {t('diamonds.commitment')}: <code>{data.fairness.serverSeedHash}</code>
              </p>
              <p>
                {t('diamonds.clientSeed')}: <code>{data.fairness.clientSeed}</code> · {t('diamonds.nonce')}:{' '}
                {data.fairness.nonce}
              </p>
            </section>
          </>
        ) : (
          <QueryStatus status={cfg.status} error={cfg.error} onRetry={() => void cfg.refetch()} />
        )}
        <section>
          <h3>{t('diamonds.winners')}</h3>
          {winners.data && winners.data.length > 0 ? (
            <ul className="diamond-spin__winners" data-testid="spin-winners">
              {winners.data.map((winner, index) => (
                <li key={index}>
                  <span>{winner.mobile}</span>
                  <span>{prizeText(winner)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t('diamonds.noWinners')}</p>
          )}
        </section>
      </div>
      {shown && result ? (
        <Dialog label={t('diamonds.youWon')} onClose={() => setShown(false)} testId="spin-result">
          <div className="diamond-spin__result">
            <h2>
              {result.coins + result.diamonds + result.cash > 0
                ? t('diamonds.youWon')
                : t('diamonds.tryAgain')}
            </h2>
            <ul>
              {result.spins.map((each, index) => (
                <li key={index}>
                  {prizeText({ type: each.paid ? each.type : 'none', amount: each.amount })}
                  {each.type !== 'none' && !each.paid ? ` (${t('diamonds.emptyPool')})` : ''}
                </li>
              ))}
            </ul>
            <p>
              <a href={verifyLink(result)} target="_blank" rel="noreferrer" data-testid="spin-verify">
                {t('diamonds.verify')}
              </a>
            </p>
            <button
              type="button"
              className="button button--primary button--block"
              onClick={() => setShown(false)}
            >
              {t('diamonds.ok')}
            </button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
