import { FAIR_VERIFY_PAGE } from '@app/contracts/paths';
import type { CashRainRecord } from '@app/contracts/cash-rain';
import { GIFT_TYPE } from '@app/contracts/cash-rain-rules';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import type { Translate } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { cashRainRecordsQuery } from '../api/get-cash-rain-records.ts';
import { giftText } from './result-dialog.tsx';

/**
 * The games app's verifier (/game-center/fair, game cash-rain) filled in for one claim: the slot's seeds,
 * its published split and the packet's position. Undefined until the slot has ended (no seed yet) or for a
 * slot without kept parameters.
 */
export function verifyLink(record: CashRainRecord): string | undefined {
  const { slot } = record;
  if (!slot.serverSeed || !slot.split) return undefined;
  const query = new URLSearchParams({
    game: 'cash-rain',
    serverSeed: slot.serverSeed,
    serverSeedHash: slot.serverSeedHash,
    clientSeed: slot.clientSeed,
    nonce: String(slot.nonce),
    options: JSON.stringify({
      ...slot.split,
      ...(record.position === null ? {} : { position: record.position }),
    }),
  });
  return `${FAIR_VERIFY_PAGE}?${query.toString()}`;
}

/** "My cash rains" (members): each claim with its packet number and, once its rain has ended, Verify. */
export function RainRecords({ t, token }: { t: Translate; token: string }) {
  const { format, currency } = useMoneyFormat();
  const records = useQuery(cashRainRecordsQuery(token));
  if (records.status !== 'success')
    return (
      <QueryStatus status={records.status} error={records.error} onRetry={() => void records.refetch()} />
    );
  if (!records.data?.length) return <p className="cash-rain__muted">{t('cash_rain.recordsNone')}</p>;
  return (
    <ul className="cash-rain__records" data-testid="cash-rain-records">
      {records.data.map((record) => {
        const link = verifyLink(record);
        return (
          <li key={`${record.date}:${record.duration}`} className="cash-rain__record">
            <span>
              {record.date} ·{' '}
              {record.giftType === GIFT_TYPE.tryAgain
                ? t('cash_rain.tryAgain')
                : giftText(t, record, (minor) => `${currency} ${format(minor)}`)}
              {record.position === null ? null : (
                <span className="cash-rain__muted">
                  {' '}
                  · {t('cash_rain.packetNo', { n: record.position + 1 })}
                </span>
              )}
            </span>
            {link ? (
              <a href={link} data-testid="cash-rain-verify">
                {t('cash_rain.verify')}
              </a>
            ) : record.position === null ? null : (
              <span className="cash-rain__muted">{t('cash_rain.verifyLater')}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
