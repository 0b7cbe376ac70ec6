import { useState } from 'react';
import { hasCookie, setCookie } from '../../../lib/cookies.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { isIos, isNativeApp } from '../../../lib/native-bridge.ts';
import { useSession } from '../../../lib/session.ts';
import { AdvertLink } from '../../../components/ui/advert-link.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { useVersionFile } from '../api/get-version-file.ts';

const CLOSED_COOKIE = 'app_notify';
const CLOSED_SECONDS = 7200;

/** Spec §4: who is offered the Android app. iOS cannot install an APK; the native app has it already. */
export function shouldOfferAppDownload(isLoggedIn: boolean): boolean {
  return !isNativeApp() && !isIos() && !isLoggedIn && !hasCookie('guid') && !hasCookie(CLOSED_COOKIE);
}

/**
 * Floats above the tab bar instead of pushing the page down: it depends on a network answer, and
 * content that moves when it arrives is what layout shift measures.
 */
export function AppDownloadBanner() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const [closed, setClosed] = useState(false);
  const offered = !closed && shouldOfferAppDownload(isLoggedIn);
  const version = useVersionFile(offered);
  if (!offered || !version?.apkUrl) return null;

  const close = () => {
    setCookie(CLOSED_COOKIE, '1', CLOSED_SECONDS);
    setClosed(true);
  };

  return (
    <>
      {/* Room below the footer, so the banner never hides its last lines (styles.css). */}
      <div className="download-banner__room" aria-hidden="true" />
      <aside className="download-banner" aria-label={t('download.title')} data-testid="download-banner">
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
        <button
          type="button"
          className="download-banner__close icon-button"
          aria-label={t('common.close')}
          onClick={close}
        >
          <CloseIcon size={16} />
        </button>
      </aside>
    </>
  );
}
