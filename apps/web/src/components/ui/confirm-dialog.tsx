import { useTranslation } from '../../lib/i18n.ts';
import { Dialog } from './dialog.tsx';

type ConfirmDialogProps = {
  message: string;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmDialog({ message, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog label={message} onClose={onCancel} className="confirm" testId="confirm-dialog">
      <p className="confirm__message">{message}</p>
      <div className="confirm__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="button button--primary" onClick={onConfirm}>
          {confirmLabel ?? t('common.ok')}
        </button>
      </div>
    </Dialog>
  );
}
