import { SYSTEM_OPTION } from '@app/contracts/config';
import { invitationShares } from '@app/contracts/referral';
import { useSystemOptions } from '../../../api/get-system-options.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import type { Translate } from '../../../lib/i18n.ts';
import { useSettings } from '../../../lib/settings.ts';
import { usePopup } from '../../../lib/use-popup.ts';

const NETWORK_NAMES = {
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  twitter: 'Twitter',
  whatsapp: 'WhatsApp',
  sms: 'SMS',
} as const;

/**
 * The invitation's share popup (spec §2): facebook, linkedin, twitter, whatsapp, sms, each opening the
 * network's own share page with the invitation link of its channel (1 to 5, spec §4) and the share options
 * url, title and summary (§3; the summary is the operator's invitation share text, system option 4009; the
 * brand is LinkedIn's source). Shown through the shared popup lock.
 */
export function SharePopup({ t, code, onClose }: { t: Translate; code: string; onClose: () => void }) {
  const { brandName } = useSettings();
  // The operator's share text (system option 4009), else ours naming the code.
  const operatorText = useSystemOptions().get(SYSTEM_OPTION.INVITATION_SHARE_TEXT);
  const shown = usePopup('referral-share', true);
  if (!shown) return null;
  const shares = invitationShares({
    origin: window.location.origin,
    code,
    title: t('referral.shareText', { brand: brandName }),
    summary: operatorText?.trim() || t('referral.shareSummary', { brand: brandName, code }),
    source: brandName,
  });
  return (
    <Dialog
      label={t('referral.shareTitle')}
      onClose={onClose}
      className="share-sheet"
      testId="referral-share"
    >
      <p className="share-sheet__title">{t('referral.shareTitle')}</p>
      <ul className="share-sheet__list">
        {shares.map((share) => (
          <li key={share.network}>
            <a
              className={`share-sheet__link share-sheet__link--${share.network}`}
              href={share.href}
              target="_blank"
              rel="noopener noreferrer"
              data-channel={share.channel}
            >
              {NETWORK_NAMES[share.network]}
            </a>
          </li>
        ))}
      </ul>
      <button type="button" className="button button--ghost button--block" onClick={onClose}>
        {t('referral.close')}
      </button>
    </Dialog>
  );
}
