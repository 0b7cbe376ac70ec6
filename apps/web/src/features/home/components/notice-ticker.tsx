import type { Notice } from '@app/contracts/message';
import { useEffect, useState } from 'react';
import { useTranslation, type Translate } from '../../../lib/i18n.ts';
import { useNotices } from '../../../lib/member-activity.ts';
import { NOTICE_TYPE } from '@app/contracts/message-rules';
import { NOTICE_SWIPE_MS } from '../../../lib/message-rules.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import './notice-ticker.css';

type Money = ReturnType<typeof useMoneyFormat>;

export function noticeText(notice: Notice, t: Translate, money: Money): string {
  if (notice.type === NOTICE_TYPE.WINNER && notice.mobile && notice.amount !== undefined) {
    return t('notices.winner', {
      mobile: notice.mobile,
      amount: `${money.currency} ${money.format(notice.amount)}`,
    });
  }
  return notice.message;
}

/**
 * The home notice ticker (spec §2, §9): one line under the menu grid, one notice at a time, the next
 * sliding in every 5 s. Members only, and nothing at all without notices: a visitor's page (and the
 * server's render) has no empty strip waiting to be filled, so nothing shifts.
 */
export function NoticeTicker() {
  const { t } = useTranslation();
  const isLoggedIn = useIsLoggedIn();
  const notices = useNotices();
  const money = useMoneyFormat();
  const [step, setStep] = useState(0);
  const count = isLoggedIn ? notices.length : 0;

  useEffect(() => {
    if (count < 2) return undefined;
    const timer = setInterval(() => setStep((value) => value + 1), NOTICE_SWIPE_MS);
    return () => clearInterval(timer);
  }, [count]);

  if (count === 0) return null;
  const index = step % count;
  const notice = notices[index] as Notice;
  return (
    <section className="notice-ticker" aria-label={t('notices.label')} data-testid="notice-ticker">
      <svg className="notice-ticker__icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M4 10v4h3l5 4V6L7 10H4zm12.5 2a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4z"
          fill="currentColor"
        />
      </svg>
      <div className="notice-ticker__window">
        {/* A new key per step replays the slide-in; the step, not the id, so one notice alone stays put. */}
        <p key={step} className={`notice-ticker__item${step > 0 ? ' is-entering' : ''}`}>
          {noticeText(notice, t, money)}
        </p>
      </div>
    </section>
  );
}
