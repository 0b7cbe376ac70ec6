import { PAGE_PATHS } from '@app/contracts/page-paths';
import { Navigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSettings } from '../../../lib/settings.ts';
import { isPayServiceChannel } from '../deposit-channels.ts';
import { DepositScreen } from './deposit-page.tsx';

/**
 * `/pay/deposit/paypay` (spec §2, only when enabled): the deposit screen with the pay-service channels,
 * paid from any number. Pay tops up and opens the hall the answer names (the panpay hall: the paying
 * number, the prompt to it, the wait, the result). With the `paypay` app setting off the address goes to
 * the deposit tab.
 */
export function PaypayDepositPage() {
  const { t } = useTranslation();
  const { paypay } = useSettings();
  if (!paypay) return <Navigate to={PAGE_PATHS.deposit} replace />;
  return <DepositScreen title={t('deposit.paypayTitle')} channelFilter={isPayServiceChannel} />;
}
