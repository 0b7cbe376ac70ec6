import type { AdvertItem } from '@app/contracts/config';
import { codeRows, codesOfAdvert, LUCKY_REFUND_UNREAD_MARKER } from '@app/contracts/lucky-refund-rules';
import { Dialog } from '../../../components/ui/dialog.tsx';
import type { Translate } from '../../../lib/i18n.ts';
import { usePopup } from '../../../lib/use-popup.ts';

/**
 * The codes popup (spec §2, §3): tiles of the codes an advert lists, the advert whose image is the marker
 * luckyRefundUnreadCodes and whose content is the codes comma-separated, in a grid of 4 columns. It waits
 * for the shared popup lock and releases it on close.
 */
export function CodesPopup({
  advert,
  roundId,
  t,
  onClose,
}: {
  advert: AdvertItem | null;
  roundId: number;
  t: Translate;
  onClose: () => void;
}) {
  const isCodes =
    advert !== null &&
    (advert.image === LUCKY_REFUND_UNREAD_MARKER || advert.img === LUCKY_REFUND_UNREAD_MARKER);
  const codes = isCodes ? codesOfAdvert(advert.content) : [];
  const visible = usePopup('lucky-refund-codes', codes.length > 0);
  if (!visible) return null;
  return (
    <Dialog
      label={t('lucky_refund.codesTitle')}
      onClose={onClose}
      className="lucky-refund-codes"
      testId="lucky-refund-codes"
    >
      <h2 className="lucky-refund-codes__title">{t('lucky_refund.codesTitle')}</h2>
      <p className="lucky-refund__note">{t('lucky_refund.codesNote', { id: roundId })}</p>
      <div className="lucky-refund-codes__grid" role="list">
        {codeRows(codes).flatMap((row) =>
          row.map((code) => (
            <span
              key={code}
              role="listitem"
              className="lucky-refund-codes__tile"
              data-testid="lucky-refund-code"
            >
              {code}
            </span>
          )),
        )}
      </div>
      <button type="button" className="button button--primary button--block" onClick={onClose}>
        {t('lucky_refund.close')}
      </button>
    </Dialog>
  );
}
