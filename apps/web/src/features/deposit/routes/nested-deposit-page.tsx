import type { DepositResult } from '@app/contracts/deposit';
import { DEPOSIT_RESULT_DELAY_MS, NESTED_DEPOSIT_CLOSE_MESSAGE } from '@app/contracts/deposit-rules';
import { DEPOSIT_STATE } from '@app/contracts/payment-records';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useGoBack } from '../../../lib/use-go-back.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { getDepositResult } from '../api/get-deposit-result.ts';
import { topUp, type TopUpInput } from '../api/top-up.ts';
import { DepositForm } from '../components/deposit-form.tsx';
import { PayingNumberForm, type SignedOrder } from '../components/paying-number-form.tsx';
import { useDepositPoll } from '../components/use-deposit-poll.ts';
import { hallOf, refreshBalance } from '../deposit-flow.ts';

/** `number` belongs to step 1: a pay-service channel asks which number pays before any prompt goes out. */
type Step =
  | { kind: 'amount' }
  | { kind: 'number'; order: SignedOrder }
  | { kind: 'waiting'; transNo: string }
  | { kind: 'result'; last: DepositResult | undefined };

const STEPS = ['amount', 'waiting', 'result'] as const;
const listedStep = (step: Step): (typeof STEPS)[number] => (step.kind === 'number' ? 'amount' : step.kind);

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
 * `/nested-deposit` (spec §4): the deposit as a popup inside another page. Step 1 amount and channel: the
 * top-up names the payment hall of the channel, as on the deposit tab. Hall `mpesa` has prompted the
 * member's own number already; hall `panpay` (the pay service) first asks for the paying number, in this
 * popup, as the panpay hall does. Step 2 waiting (up to 30 polls 5 s apart), then the balance is
 * refreshed and 3 s later step 3 shows the result. Closing posts {type: 'nested-deposit:close'} to the
 * parent window.
 */
export function NestedDepositPage() {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const close = useClose();
  const [step, setStep] = useState<Step>({ kind: 'amount' });

  const onPay = useCallback(async (input: TopUpInput) => {
    const answer = await topUp(input);
    const target = hallOf(answer.redirectUrl);
    if (!target) throw new Error(`unexpected payment hall ${answer.redirectUrl}`);
    setStep(
      target.hall === 'panpay'
        ? { kind: 'number', order: { transNo: target.transNo, sign: target.sign } }
        : { kind: 'waiting', transNo: target.transNo },
    );
  }, []);
  const numberOrder = step.kind === 'number' ? step.order : undefined;
  const onNumberSent = useCallback(() => {
    if (numberOrder) setStep({ kind: 'waiting', transNo: numberOrder.transNo });
  }, [numberOrder]);

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
        {STEPS.map((kind, index) => (
          <li key={kind} aria-current={listedStep(step) === kind ? 'step' : undefined}>
            {index + 1}. {t(`deposit.step.${kind}`)}
          </li>
        ))}
      </ol>
      {step.kind === 'amount' ? <DepositForm onPay={onPay} /> : null}
      {numberOrder ? <PayingNumberForm order={numberOrder} onSent={onNumberSent} /> : null}
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
