import { useTranslation } from '../../../lib/i18n.ts';
import { isOwnNumberChannel } from '../deposit-channels.ts';
import { DepositScreen } from './deposit-page.tsx';

/** `/pay/deposit/mpesa`: the deposit screen with the M-Pesa channel only. */
export function MpesaDepositPage() {
  const { t } = useTranslation();
  return <DepositScreen title={t('deposit.mpesaTitle')} channelFilter={isOwnNumberChannel} />;
}
