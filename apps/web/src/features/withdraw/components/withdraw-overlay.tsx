import { ERRORS } from '@app/contracts/errors';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import type { WithdrawInitResult } from '@app/contracts/withdraw';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { isApiError } from '../../../lib/request.ts';
import { setProfile } from '../../../lib/session.ts';
import { toastError } from '../../../lib/toast.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { getMemberInfo } from '../../../api/get-member-info.ts';
import { submitWithdraw } from '../api/submit-withdraw.ts';
import { WithdrawDoneMessage } from './withdraw-done-message.tsx';

export type WithdrawRequest = {
  /** Minor units. */
  money: number;
  /** What should reach the phone, minor units. */
  actual: number;
  channelCode: string;
  payChannel: number;
  account: string;
};

/** Submits a withdrawal, then reads the profile again so every balance on screen is the new one. */
export async function sendWithdrawal(request: WithdrawRequest): Promise<WithdrawInitResult> {
  const result = await submitWithdraw(request);
  try {
    setProfile(await getMemberInfo());
  } catch {
    // The withdrawal went through; a failed refresh only leaves the old figure until the next one.
  }
  return result;
}

type WithdrawOverlayProps = {
  request: WithdrawRequest;
  /** `done`: the withdrawal was accepted. */
  onClose: (done: boolean) => void;
  onKycRequired: () => void;
};

/**
 * WinSlots' confirmation (spec §4): opens at once and submits; on success it states the amount and the
 * actual amount with a link to the withdraw records and OK; on failure a toast with the server's message
 * and the overlay closes.
 */
export function WithdrawOverlay({ request, onClose, onKycRequired }: WithdrawOverlayProps) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const [result, setResult] = useState<WithdrawInitResult>();
  const started = useRef(false);

  useEffect(() => {
    // Once per overlay, even if an effect runs twice: a second submission would be a second withdrawal.
    if (started.current) return;
    started.current = true;
    sendWithdrawal(request).then(setResult, (error: unknown) => {
      toastError(error);
      onClose(false);
      if (isApiError(error) && error.code === ERRORS.KYC_REQUIRED.code) onKycRequired();
    });
  }, [request, onClose, onKycRequired]);

  const format = (minor: number) => `${money.currency} ${money.format(minor)}`;
  return (
    <Dialog label={t('withdraw.doneTitle')} onClose={() => result && onClose(true)} testId="withdraw-overlay">
      {result ? (
        <div className="withdraw-done" data-testid="withdraw-done">
          <h2 className="withdraw-dialog__title">{t('withdraw.doneTitle')}</h2>
          <p className="withdraw-dialog__text">{t('withdraw.doneText', { amount: format(request.money) })}</p>
          <WithdrawDoneMessage message={result.message} />
          <p className="withdraw-line withdraw-line--total">
            <span>{t('withdraw.actual')}</span>
            <span className="withdraw-line__value" data-testid="withdraw-done-actual">
              {format(result.payout)}
            </span>
          </p>
          <Link className="withdraw-records-link" to={PAGE_PATHS.withdrawRecords}>
            {t('withdraw.records')}
          </Link>
          <div className="confirm__actions">
            <button type="button" className="button button--primary" onClick={() => onClose(true)}>
              {t('common.ok')}
            </button>
          </div>
        </div>
      ) : (
        <div className="page-status" aria-busy="true">
          <span className="spinner" aria-hidden="true" />
          <span>{t('withdraw.sending')}</span>
        </div>
      )}
    </Dialog>
  );
}
