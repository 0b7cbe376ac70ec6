import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { showBanner } from '../../lib/banner.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { whenIdle } from '../../lib/idle.ts';
import {
  onNewMessage,
  resetMemberActivity,
  setActivityPath,
  startMemberActivity,
  stopMemberActivity,
} from '../../lib/member-activity.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { NotificationBanner } from './notification-banner.tsx';
import { OneDeviceNotice } from './one-device-notice.tsx';
import './member-activity.css';

/**
 * The member's background checks (lib/member-activity.ts) tied to the session and the route, and what
 * they tell the player: a banner when a message arrives, a dialog when another device has logged in.
 *
 * Effects run after hydration and the first paint. At start-up a logged-in member's first round waits
 * for an idle moment, behind the first screen's own work; after a login it runs at once (spec §4).
 * Visitors poll nothing.
 */
export function MemberActivity() {
  const { t } = useTranslation();
  const isLoggedIn = useIsLoggedIn();
  const { pathname } = useLocation();
  const atStartUp = useRef(true);

  useEffect(() => setActivityPath(pathname), [pathname]);

  useEffect(() => {
    const firstRun = atStartUp.current;
    atStartUp.current = false;
    if (!isLoggedIn) {
      resetMemberActivity();
      return undefined;
    }
    if (!firstRun) {
      startMemberActivity();
      return stopMemberActivity;
    }
    const cancel = whenIdle(startMemberActivity);
    return () => {
      cancel();
      stopMemberActivity();
    };
  }, [isLoggedIn]);

  useEffect(
    () =>
      onNewMessage(() =>
        showBanner(t('messages.newMessage'), { to: PAGE_PATHS.memberMessages, testId: 'new-message-banner' }),
      ),
    [t],
  );

  return (
    <>
      <NotificationBanner />
      <OneDeviceNotice />
    </>
  );
}
