import { PAGE_PATHS } from '@app/contracts/page-paths';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { showToast } from '../../../lib/toast.ts';

/**
 * The member's invitation code on the Me page (issue 15 §5), with Copy, Share (the invite activity's share
 * popup, `/activities/invite/1/share`) and the way to the referral programme.
 */
export function InviteCard({ code }: { code: string | undefined }) {
  const { t } = useTranslation();
  if (!code) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      showToast(t('me.inviteCopied'), { kind: 'success' });
    } catch {
      // Clipboard refused (an old WebView): the code stays on screen to copy by hand.
    }
  };
  return (
    <section className="invite-card" aria-label={t('me.inviteCode')} data-testid="invite-card">
      <div className="invite-card__code">
        <span className="invite-card__label">{t('me.inviteCode')}</span>
        <strong data-testid="me-invite-code">{code}</strong>
      </div>
      <div className="invite-card__actions">
        <button type="button" className="button button--ghost" onClick={() => void copy()}>
          {t('me.inviteCopy')}
        </button>
        <Link className="button button--primary" to={PAGE_PATHS.invite(1, 'share')}>
          {t('me.inviteShare')}
        </Link>
      </div>
      <Link className="invite-card__more" to={PAGE_PATHS.referFriend(1)}>
        {t('me.inviteFriends')}
      </Link>
    </section>
  );
}
