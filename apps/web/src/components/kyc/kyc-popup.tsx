import { useTranslation } from '../../lib/i18n.ts';
import { QueryStatus } from '../ui/query-status.tsx';
import { useKyc } from './api/get-kyc.ts';
import { useKycFields } from './api/get-kyc-fields.ts';
import { KycForm } from './kyc-form.tsx';
import { SheetPopup } from './sheet-popup.tsx';

type KycPopupProps = { onClose: () => void; onSubmitted: () => void };

/**
 * The identity-verification form in its 90%-height popup, for pages that need verification first
 * (withdraw). A rejected record's values fill the form again. The caller renders it while it holds the
 * popup lock.
 */
export function KycPopup({ onClose, onSubmitted }: KycPopupProps) {
  const { t } = useTranslation();
  const fields = useKycFields();
  const record = useKyc();
  return (
    <SheetPopup title={t('kyc.formTitle')} onClose={onClose} testId="kyc-popup">
      {fields.data ? (
        <KycForm
          fields={fields.data}
          initial={record.data?.status === 'rejected' ? record.data.values : undefined}
          onSubmitted={onSubmitted}
        />
      ) : (
        <QueryStatus
          status={fields.status === 'success' ? 'pending' : fields.status}
          error={fields.error}
          onRetry={() => void fields.refetch()}
        />
      )}
    </SheetPopup>
  );
}
