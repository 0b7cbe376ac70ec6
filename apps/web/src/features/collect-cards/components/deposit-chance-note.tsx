import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { isApiError } from '../../../lib/request.ts';
import { touchDepositChance } from '../api/touch-deposit-chance.ts';
import { COLLECT_CARDS_TEXTS } from '../texts.ts';
import './collect-cards.css';

/**
 * On the deposit result page, after the first success of an order on this device (spec platform-core §4:
 * "touch the collect-cards chance for that order"): asks for the order's chances once and, when it gave
 * some, says so with the way to the activity. Nothing shows when the deposit gives none (the activity off or
 * finished, a market without deposit chances, an order already counted): the server's refusals are
 * expected answers, not errors to show a player who just paid.
 */
export function DepositChanceNote({ orderNo }: { orderNo: string }) {
  const { t, ready } = useFeatureTranslation(COLLECT_CARDS_TEXTS);
  const [added, setAdded] = useState(0);
  const touched = useRef(false);
  useEffect(() => {
    if (touched.current) return;
    touched.current = true;
    touchDepositChance(orderNo)
      .then((answer) => setAdded(answer.added))
      .catch((error: unknown) => {
        if (!isApiError(error)) console.warn('[collect-cards] deposit chance not touched', error);
      });
  }, [orderNo]);
  if (!ready || added < 1) return null;
  return (
    <p className="cc-deposit-note" data-testid="collect-cards-deposit-note">
      {t('collectCards.depositEarned', { count: added })}{' '}
      <Link to="/activities/collect-cards">{t('collectCards.toActivity')}</Link>
    </p>
  );
}
