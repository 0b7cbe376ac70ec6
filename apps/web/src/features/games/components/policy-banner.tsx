import { useTranslation } from '../../../lib/i18n.ts';
import { useSettings } from '../../../lib/settings.ts';

/**
 * The app-store policy banner (spec §2, platform-core §6): an app-store build hides the games of some
 * suppliers (DISALLOWED_SUPPLIERS, sent in the app settings) and says so.
 */
export function PolicyBanner() {
  const { t } = useTranslation();
  const { disallowedSuppliers } = useSettings();
  if (disallowedSuppliers.length === 0) return null;
  return (
    <p className="policy-banner" role="note" data-testid="policy-banner">
      {t('games.policyBanner')}
    </p>
  );
}
