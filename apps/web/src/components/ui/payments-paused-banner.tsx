import { usePaymentsPaused } from '../../api/get-payments-status.ts';
import { useTranslation } from '../../lib/i18n.ts';

/**
 * The deposit and withdraw pages' notice while M-Pesa payments are paused (issue 24 §3): both are still
 * accepted, queued and made when M-Pesa is back, and the balance stays playable.
 */
export function PaymentsPausedBanner() {
  const { t } = useTranslation();
  if (!usePaymentsPaused()) return null;
  return (
    <p className="notice-banner" role="status" data-testid="payments-paused">
      {t('common.paymentsPaused')}
    </p>
  );
}
