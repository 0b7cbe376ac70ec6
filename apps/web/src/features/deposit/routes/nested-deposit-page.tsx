import type { DepositResult } from '@app/contracts/deposit';
import { DEPOSIT_RESULT_DELAY_MS, NESTED_DEPOSIT_CLOSE_MESSAGE } from '@app/contracts/deposit-rules';
import { DEPOSIT_STATE } from '@app/contracts/payment-records';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useGoBack } from '../../../lib/use-go-back.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { getDepositResult, initDeposit, type TopUpInput } from '../api/deposit-api.ts';
import { DepositForm } from '../components/deposit-form.tsx';
import { useDepositPoll } from '../components/use-deposit-poll.ts';
import { refreshBalance } from '../deposit-flow.ts';

type Step =
  | { kind: 'amount' }
  | { kind: 'waiting'; transNo: string }
  | { kind: 'result'; last: DepositResult | undefined };

/** Tells the page around the frame (the game page) to close the nested deposit; outside a frame, goes back. */
function useClose(): () => void {
  const goBack = useGoBack();
  return useCallback(() => {
    if (window.parent !== window) {
      window.parent.postMessage({ type: NESTED_DEPOSIT_CLOSE_MESSAGE }, window.location.origin);
    } else {
      goBack();
    }
  }, [goBack]);
}

/**
 * `/nested-deposit` (spec §4): the deposit as a popup inside another page. Step 1 amount and channel (the
 * prompt goes to the member's phone at once), step 2 waiting (up to 30 polls 5 s apart), then the balance
 * is refreshed and 3 s later step 3 shows the result. Closing posts {type: 'nested-deposit:close'} to
 * the parent window.
 */
export function NestedDepositPage() {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const close = useClose();
  const [step, setStep] = useState<Step>({ kind: 'amount' });

  const onPay = useCallback(async (input: TopUpInput) => {
    const answer = await initDeposit(input);
    setStep({ kind: 'waiting', transNo: answer.transNo });
  }, []);

  const transNo = step.kind === 'waiting' ? step.transNo : undefined;
  const fetchState = useMemo(() => (transNo ? () => getDepositResult(transNo) : undefined), [transNo]);
  const [finished, setFinished] = useState<{ last: DepositResult | undefined } | undefined>(undefined);
  useDepositPoll(fetchState, (last) => {
    void refreshBalance().finally(() => setFinished({ last }));
  });
  useEffect(() => {
    if (!finished) return undefined;
    const timer = setTimeout(() => setStep({ kind: 'result', last: finished.last }), DEPOSIT_RESULT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [finished]);

  const paid = step.kind === 'result' && step.last?.state === DEPOSIT_STATE.paid;
  return (
    <div className="nested-deposit" data-testid="nested-deposit">
      <header className="nav-bar">
        <span className="nav-bar__back" aria-hidden="true" />
        <h1 className="nav-bar__title">{t('tabs.deposit')}</h1>
        <div className="nav-bar__end">
          <button type="button" className="icon-button" aria-label={t('common.close')} onClick={close}>
            <CloseIcon />
          </button>
        </div>
      </header>
      <ol className="nested-deposit__steps" aria-label={t('deposit.steps')}>
        {(['amount', 'waiting', 'result'] as const).map((kind, index) => (
          <li key={kind} aria-current={step.kind === kind ? 'step' : undefined}>
            {index + 1}. {t(`deposit.step.${kind}`)}
          </li>
        ))}
      </ol>
      {step.kind === 'amount' ? <DepositForm onPay={onPay} /> : null}
      {step.kind === 'waiting' ? (
        <div className="deposit-waiting" role="status" data-testid="deposit-waiting">
          <span className="spinner" aria-hidden="true" />
          <p>{t('deposit.checkPhone')}</p>
        </div>
      ) : null}
      {step.kind === 'result' ? (
        <section
          className={`deposit-result${paid ? ' is-success' : ' is-failure'}`}
          data-testid="deposit-result"
        >
          <span className="deposit-result__icon" aria-hidden="true">
            {paid ? '✓' : '!'}
          </span>
          <h2 className="deposit-result__title">{paid ? t('deposit.success') : t('deposit.failure')}</h2>
          {paid && step.last ? (
            <p>
              {money.currency} {money.format(step.last.payMoney)}
              {step.last.bonus > 0 ? ` + ${money.format(step.last.bonus)} ${t('deposit.coins')}` : ''}
            </p>
          ) : (
            <p>
              {step.last?.state === DEPOSIT_STATE.failed ? step.last.message : t('deposit.notConfirmedYet')}
            </p>
          )}
          <button type="button" className="button button--primary button--block" onClick={close}>
            {t('common.close')}
          </button>
        </section>
      ) : null}
    </div>
  );
}
