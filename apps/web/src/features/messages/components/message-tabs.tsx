import { PAGE_PATHS } from '@app/contracts/page-paths';
import { NavLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { useUnreadCount } from '../../../lib/member-activity.ts';

/** LuckyWin's two lists (spec §2): the member's inbox, with the unread dot, and the system messages. */
export function MessageTabs() {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  return (
    <nav className="message-tabs" aria-label={t('messages.kinds')}>
      <NavLink to={PAGE_PATHS.memberMessages} className="message-tabs__tab" replace>
        {t('messages.inbox')}
        {unread > 0 ? (
          <span className="message__dot" data-testid="inbox-unread-dot">
            <span className="visually-hidden">{t('messages.unread')}</span>
          </span>
        ) : null}
      </NavLink>
      <NavLink to={PAGE_PATHS.systemMessages} className="message-tabs__tab" replace>
        {t('messages.system')}
      </NavLink>
    </nav>
  );
}
