import { PAGE_PATHS } from '@app/contracts/page-paths';
import type { Invitee } from '@app/contracts/referral';
import { Link, useParams } from 'react-router';
import { LoginRequired } from '../../../components/ui/login-required.tsx';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation, type Translate } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { useTimeFormat } from '../../../lib/use-date-format.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { referralSummaryQuery } from '../api/get-referral-summary.ts';
import { HowItWorks } from '../components/how-it-works.tsx';
import { InviteLink } from '../components/invite-link.tsx';
import { useRewardText } from '../components/use-reward-text.ts';
import { REFERRAL_TEXTS } from '../texts.ts';
import '../components/referral.css';

function stateText(t: Translate, invitee: Invitee, date: (iso: string) => string): string {
  switch (invitee.state) {
    case 'registered':
      return t('referral.stateRegistered');
    case 'qualified':
      return t('referral.stateQualified', { date: invitee.dueAt ? date(invitee.dueAt) : '' });
    case 'paid':
      return t('referral.statePaid');
    case 'refused':
      return t('referral.stateRefused');
    case 'capped':
      return t('referral.stateCapped');
  }
}

function FriendList({ t, invitees }: { t: Translate; invitees: Invitee[] }) {
  const { format, currency } = useMoneyFormat();
  const date = useTimeFormat();
  if (invitees.length === 0) return <p className="referral__note">{t('referral.noFriends')}</p>;
  return (
    <ul className="referral__list" data-testid="invitees">
      {invitees.map((invitee) => (
        <li
          key={`${invitee.mobile}-${invitee.registeredAt}`}
          className="referral__item"
          data-state={invitee.state}
        >
          <span className="referral__mobile">{invitee.mobile}</span>
          <span className={`referral__state referral__state--${invitee.state}`} data-testid="invitee-state">
            {stateText(t, invitee, date)}
          </span>
          {invitee.state === 'registered' ? (
            <span className="referral__progress">
              {t('referral.progress', {
                deposit: `${currency} ${format(invitee.deposited)}`,
                wager: `${currency} ${format(invitee.wagered)}`,
              })}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * `/activities/refer-friend/{id}` (spec §2): how the programme works (the operator's terms), the member's
 * code and link with copy and share, and the friends who signed up with their state. Visitors see the terms
 * and a way to log in.
 */
export function ReferFriendPage() {
  const { t, ready } = useFeatureTranslation(REFERRAL_TEXTS);
  const id = Number(useParams().id);
  const isLoggedIn = useIsLoggedIn();
  const query = useQuery({ ...referralSummaryQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const rewardText = useRewardText(t);
  if (!ready) return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  const summary = query.data;
  return (
    <div className="referral" data-testid="refer-friend-page">
      <NavBar title={t('referral.title')} />
      <div className="referral__body">
        {summary ? (
          <>
            {summary.enable ? (
              <HowItWorks t={t} summary={summary} />
            ) : (
              <p className="referral__note">{t('referral.off')}</p>
            )}
            {isLoggedIn && summary.inviteCode ? (
              <>
                <InviteLink t={t} code={summary.inviteCode} />
                <section className="referral__card" aria-labelledby="referral-friends">
                  <h2 id="referral-friends" className="referral__heading">
                    {t('referral.friends')}
                  </h2>
                  <p className="referral__totals">
                    <span data-testid="referral-rewarded">
                      {t('referral.rewarded', { count: summary.rewarded })}
                    </span>
                    <span data-testid="referral-earned">
                      {t('referral.earned', { amount: rewardText(summary.earned) })}
                    </span>
                  </p>
                  <FriendList t={t} invitees={summary.invitees} />
                </section>
                <nav className="referral__actions">
                  <Link className="button button--ghost" to={PAGE_PATHS.referDetail(id)}>
                    {t('referral.detailLink')}
                  </Link>
                  <Link className="button button--ghost" to={PAGE_PATHS.inviteTasks(id)}>
                    {t('referral.tasksLink')}
                  </Link>
                </nav>
              </>
            ) : (
              <LoginRequired />
            )}
          </>
        ) : (
          <QueryStatus status={query.status} error={query.error} onRetry={() => void query.refetch()} />
        )}
      </div>
    </div>
  );
}
