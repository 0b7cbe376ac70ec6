import type { DepositChannel } from '@app/contracts/deposit';
import { useTranslation } from '../../../lib/i18n.ts';
import { DepositScreen } from './deposit-page.tsx';

const mpesaOnly = (channel: DepositChannel) => channel.channelCode === 'MPESA';

/** `/pay/deposit/mpesa`: the deposit screen with the M-Pesa channel only. */
export function MpesaDepositPage() {
  const { t } = useTranslation();
  return <DepositScreen title={t('deposit.mpesaTitle')} channelFilter={mpesaOnly} />;
}
