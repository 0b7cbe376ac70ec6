import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { isApiError } from '../../../lib/request.ts';
import { getDepositChance } from '../api/get-deposit-chance.ts';
import { COLLECT_CARDS_TEXTS } from '../texts.ts';
import './collect-cards.css';

/** How long the page looks for the chances the server is giving (it counts a paid deposit within seconds). */
export const CHANCE_LOOK_MS = 10_000;
const CHANCE_POLL_MS = 1_000;

/**
 * On the deposit result page, after the first success of an order on this device: says what the deposit
 * gave in collect-cards, with the way to the activity. It only reads: the server gives every paid deposit
 * its chances from the deposit's money fact, whether or not this page was seen (docs/promotions.md
 * "Collect-cards"). While the chances are on their way (`available`) it looks again for a few seconds;
 * nothing shows when the deposit gives none (the activity off or finished, a market without deposit
 * chances).
 */
export function DepositChanceNote({ orderNo }: { orderNo: string }) {
  const { t, ready } = useFeatureTranslation(COLLECT_CARDS_TEXTS);
  const [given, setGiven] = useState(0);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const look = async () => {
      try {
        const answer = await getDepositChance(orderNo);
        if (!live) return;
        if (answer.state === 'granted') {
          setGiven(answer.chances);
          return;
        }
        if (answer.state === 'none') return;
      } catch (error) {
        if (!isApiError(error)) console.warn('[collect-cards] deposit chances not read', error);
        return;
      }
      if (live && Date.now() - started < CHANCE_LOOK_MS)
        timer = setTimeout(() => void look(), CHANCE_POLL_MS);
    };
    void look();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [orderNo]);
  if (!ready || given < 1) return null;
  return (
    <p className="cc-deposit-note" data-testid="collect-cards-deposit-note">
      {t('collectCards.depositEarned', { count: given })}{' '}
      <Link to={PAGE_PATHS.collectCards}>{t('collectCards.toActivity')}</Link>
    </p>
  );
}
