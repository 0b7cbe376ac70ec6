import { Dialog } from '../../components/ui/dialog.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { dismissOneDeviceNotice, useOneDeviceNotice } from '../../lib/member-activity.ts';
import { usePopup } from '../../lib/use-popup.ts';

/**
 * Spec §6, §8: another device has logged in, so bets from this one are refused. A dialog rather than the
 * 3 s banner: the player is told once per login session, so the message must wait to be read.
 */
export function OneDeviceNotice() {
  const { t } = useTranslation();
  const due = useOneDeviceNotice();
  const visible = usePopup('one-device', due);
  if (!visible) return null;
  return (
    <Dialog
      label={t('errors.ONE_DEVICE')}
      onClose={dismissOneDeviceNotice}
      className="confirm"
      testId="one-device-notice"
    >
      <p className="confirm__message">{t('errors.ONE_DEVICE')}</p>
      <div className="confirm__actions">
        <button type="button" className="button button--primary" onClick={dismissOneDeviceNotice}>
          {t('common.ok')}
        </button>
      </div>
    </Dialog>
  );
}
