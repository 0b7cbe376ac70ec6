import { invitationPath } from '@app/contracts/referral';
import { useState } from 'react';
import type { Translate } from '../../../lib/i18n.ts';
import { showToast } from '../../../lib/toast.ts';
import { SharePopup } from './share-popup.tsx';

/** Copies text; false where the browser refuses (an old WebView, no permission). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The member's code and link (the link a copy gives is the WhatsApp channel's, the one most shared by hand),
 * with Copy and Share. `startSharing`: the share popup opens at once (`/activities/invite/{id}/share`).
 */
export function InviteLink({
  t,
  code,
  startSharing = false,
}: {
  t: Translate;
  code: string;
  startSharing?: boolean;
}) {
  const [sharing, setSharing] = useState(startSharing);
  const link = `${window.location.origin}${invitationPath(code, 4)}`;
  const copy = async (text: string) => {
    if (await copyText(text)) showToast(t('referral.copied'), { kind: 'success' });
  };
  return (
    <section className="referral__card" aria-label={t('referral.yourLink')} data-testid="invite-link">
      <p className="referral__label">{t('referral.yourCode')}</p>
      <div className="referral__row">
        <strong className="referral__code" data-testid="invite-code">
          {code}
        </strong>
        <button type="button" className="button button--ghost" onClick={() => void copy(code)}>
          {t('referral.copy')}
        </button>
      </div>
      <p className="referral__label">{t('referral.yourLink')}</p>
      <div className="referral__row">
        <span className="referral__url">{link}</span>
      </div>
      <div className="referral__actions">
        <button type="button" className="button button--ghost" onClick={() => void copy(link)}>
          {t('referral.copy')}
        </button>
        <button type="button" className="button button--primary" onClick={() => setSharing(true)}>
          {t('referral.share')}
        </button>
      </div>
      {sharing ? <SharePopup t={t} code={code} onClose={() => setSharing(false)} /> : null}
    </section>
  );
}
