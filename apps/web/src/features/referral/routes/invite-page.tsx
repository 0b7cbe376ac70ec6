import { PAGE_PATHS } from '@app/contracts/page-paths';
import { Navigate, useParams } from 'react-router';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { InviteLink } from '../components/invite-link.tsx';
import { REFERRAL_TEXTS } from '../texts.ts';
import '../components/referral.css';

/** The actions `/activities/invite/{id}/{action}` knows (docs/promotions.md "Invitation and referral"). */
export const INVITE_ACTIONS = ['share', 'code'] as const;

/**
 * `/activities/invite/{id}/{action}` (spec §2; login needed, §6): the member's invitation for one purpose.
 * `share` opens the share popup at once (the Me page's Share and the invite tasks' Invite lead here);
 * `code` shows the code large, to read aloud to a friend. Any other action goes to the programme's page.
 */
export function InvitePage() {
  const { t, ready } = useFeatureTranslation(REFERRAL_TEXTS);
  const { id, action } = useParams();
  const code = useSession().profile?.inviteCode;
  if (!INVITE_ACTIONS.includes(action as (typeof INVITE_ACTIONS)[number]))
    return <Navigate to={PAGE_PATHS.referFriend(id ?? 1)} replace />;
  if (!ready || !code) return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  return (
    <div className="referral" data-testid="invite-page">
      <NavBar title={action === 'code' ? t('referral.codeTitle') : t('referral.title')} />
      <div className="referral__body">
        {action === 'code' ? (
          <p className="referral__big-code" data-testid="invite-code">
            {code}
          </p>
        ) : (
          <InviteLink t={t} code={code} startSharing />
        )}
      </div>
    </div>
  );
}
