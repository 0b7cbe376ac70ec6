import { PAGE_PATHS } from '@app/contracts/page-paths';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../../../components/ui/language-switcher.tsx';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useKyc } from '../../../components/kyc/api/get-kyc.ts';
import { useKycConfig } from '../../../components/kyc/api/get-kyc-config.ts';
import '../components/settings.css';

/**
 * Changing the number starts with "confirm it's you", which then opens the mobile step; that step comes
 * back here. Each path rides encoded inside the next one (`next` is a query value, `redirect` a segment).
 */
const CHANGE_MOBILE_PATH = `${PAGE_PATHS.authenticationBranch}?next=${encodeURIComponent(
  PAGE_PATHS.modifyMobile(encodeURIComponent(PAGE_PATHS.settings), 'changeMobile'),
)}`;

/** `/me/settings` (login required, guarded in the router): the member's account settings. */
export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <div className="settings">
      <NavBar title={t('settings.title')} />
      <div className="settings__body">
        <nav aria-label={t('settings.title')}>
          <ul className="settings-list">
            <li>
              <Link to={PAGE_PATHS.modifyPassword} className="settings-list__item">
                {t('settings.changePassword')}
              </Link>
            </li>
            <li>
              <Link to={CHANGE_MOBILE_PATH} className="settings-list__item">
                {t('settings.changeMobile')}
              </Link>
            </li>
            <li>
              <Link to={PAGE_PATHS.kyc} className="settings-list__item">
                <span>{t('settings.kyc')}</span>
                <KycStatus />
              </Link>
            </li>
            <li>
              <Link to={PAGE_PATHS.licence} className="settings-list__item">
                {t('settings.licence')}
              </Link>
            </li>
            <li>
              <Link to={PAGE_PATHS.limits} className="settings-list__item">
                {t('settings.limits')}
              </Link>
            </li>
            <li>
              <Link to={PAGE_PATHS.exclusion} className="settings-list__item settings-list__item--danger">
                {t('settings.exclusion')}
              </Link>
            </li>
          </ul>
        </nav>
        <LanguageSwitcher />
      </div>
    </div>
  );
}

/** The verification status beside its link; nothing while it loads or when the call fails. */
function KycStatus() {
  const { t } = useTranslation();
  const config = useKycConfig();
  const record = useKyc();
  let text: string | undefined;
  if (config.data?.enable === false) text = t('kyc.unavailable');
  else if (config.data && record.data) text = t(`kyc.status.${record.data.status}`);
  if (!text) return null;
  return (
    <span className="settings-list__status" data-testid="settings-kyc-status">
      {text}
    </span>
  );
}
