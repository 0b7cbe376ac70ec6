import { Dialog } from '../../../components/ui/dialog.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** A message with one OK button (the spec's alerts: 'Select payment', withdrawals switched off). */
export function AlertDialog({ message, onClose }: { message: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog label={message} onClose={onClose} className="confirm" testId="alert-dialog">
      <p className="confirm__message">{message}</p>
      <div className="confirm__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('common.ok')}
        </button>
      </div>
    </Dialog>
  );
}
