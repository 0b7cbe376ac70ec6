import type { Translate } from '../../../lib/i18n.ts';
import { SHARE_NETWORKS, shareUrl } from '../rain-rules.ts';

/**
 * Share a win: facebook, twitter, whatsapp, sms, each opening its own share page. LinkedIn is left out here,
 * the one place the spec hides it (§2 "Share popup"; docs/decisions.md): a casino win is no professional
 * news. The invitation's share popup keeps all five (their channel numbers include LinkedIn's 2).
 */
const WIN_SHARE_NETWORKS = SHARE_NETWORKS.filter((network) => network !== 'linkedin');

export function SharePopup({ t, url, onClose }: { t: Translate; url: string; onClose: () => void }) {
  const text = t('cash_rain.shareText');
  return (
    <div className="share-popup" role="dialog" aria-label={t('cash_rain.share')} data-testid="share-popup">
      <p className="share-popup__title">{t('cash_rain.share')}</p>
      <ul className="share-popup__list">
        {WIN_SHARE_NETWORKS.map((network) => (
          <li key={network}>
            <a
              className={`share-popup__link share-popup__link--${network}`}
              href={shareUrl(network, url, text)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {network}
            </a>
          </li>
        ))}
      </ul>
      <button type="button" className="button button--ghost button--block" onClick={onClose}>
        {t('cash_rain.close')}
      </button>
    </div>
  );
}
