import { useState } from 'react';
import { hasCookie, setCookie } from '../../../lib/cookies.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { isIos, isNativeApp } from '../../../lib/native-bridge.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { AdvertLink } from '../../../components/ui/advert-link.tsx';
import { FloatingDock, useDockTurn } from '../../../components/ui/floating-dock.tsx';
import { useVersionFile } from '../api/get-version-file.ts';

const CLOSED_COOKIE = 'app_notify';
const CLOSED_SECONDS = 7200;

/** Spec §4: who is offered the Android app. iOS cannot install an APK; the native app has it already. */
export function shouldOfferAppDownload(isLoggedIn: boolean): boolean {
  return !isNativeApp() && !isIos() && !isLoggedIn && !hasCookie('guid') && !hasCookie(CLOSED_COOKIE);
}

/**
 * Takes the page's one floating place (above the tab bar) instead of pushing the page down: it depends on
 * a network answer, and content that moves when it arrives is what layout shift measures.
 */
export function AppDownloadBanner() {
  const { t } = useTranslation();
  const isLoggedIn = useIsLoggedIn();
  const [closed, setClosed] = useState(false);
  const offered = !closed && shouldOfferAppDownload(isLoggedIn);
  const version = useVersionFile(offered);
  const hasTurn = useDockTurn('app-download', offered && Boolean(version?.apkUrl));
  if (!offered || !version?.apkUrl || !hasTurn) return null;

  const close = () => {
    setCookie(CLOSED_COOKIE, '1', CLOSED_SECONDS);
    setClosed(true);
  };

  return (
    <FloatingDock label={t('download.title')} onClose={close} testId="download-banner">
      <AdvertLink url={version.apkUrl} className="download-banner__link" label={t('download.action')}>
        {version.imgUrl ? (
          <img
            className="download-banner__image"
            src={version.imgUrl}
            alt={t('download.title')}
            width="750"
            height="120"
          />
        ) : (
          <span className="download-banner__text">
            <strong>{t('download.title')}</strong>
            <span>{t('download.text')}</span>
          </span>
        )}
      </AdvertLink>
    </FloatingDock>
  );
}
