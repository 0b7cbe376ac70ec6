import { useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/i18n.ts';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

// The server renders online (and Preact's hook reads the client snapshot there too). Node 21+ has a
// `navigator` without `onLine`: only a browser's explicit `false` means offline, or the server would send
// every page with this bar, which hydration removes (the page jumps and its LCP waits for the scripts).
const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;
const onlineOnServer = () => true;

/** Says the screen shows what was last loaded (balance, games) while the phone has no network. */
export function OfflineBar() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(subscribe, isOnline, onlineOnServer);
  if (online) return null;
  return (
    <p className="offline-bar" role="status" data-testid="offline-bar">
      {t('offline.bar')}
    </p>
  );
}
