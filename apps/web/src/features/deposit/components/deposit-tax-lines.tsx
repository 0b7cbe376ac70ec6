import { depositSplit } from '@app/contracts/tax-rules';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSettings } from '../../../lib/settings.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';

/**
 * What a deposit of `amount` (minor units) costs before Pay is pressed, where the market taxes deposits
 * (Kenya: 5 % excise): you pay X, excise Y, credited Z. The same function books the credit on the server
 * (contracts/tax-rules.ts), so the lines are what the balance will show. Nothing without an amount or a tax.
 */
export function DepositTaxLines({ amount }: { amount: number | undefined }) {
  const { t } = useTranslation();
  const { country } = useSettings();
  const money = useMoneyFormat();
  const rule = country.taxes.deposit;
  if (!rule || amount === undefined || !(amount > 0)) return null;
  const split = depositSplit(amount, rule);
  const format = (minor: number) => `${money.currency} ${money.format(minor)}`;
  return (
    <dl className="deposit-tax" data-testid="deposit-tax" aria-live="polite">
      <div className="deposit-tax__line">
        <dt>{t('deposit.youPay')}</dt>
        <dd data-testid="deposit-tax-paid">{format(split.paid)}</dd>
      </div>
      <div className="deposit-tax__line">
        <dt>{t('deposit.excise', { rate: rule.ratePercent })}</dt>
        <dd data-testid="deposit-tax-excise">−{format(split.excise)}</dd>
      </div>
      <div className="deposit-tax__line deposit-tax__line--total">
        <dt>{t('deposit.credited')}</dt>
        <dd data-testid="deposit-tax-credited">{format(split.credited)}</dd>
      </div>
    </dl>
  );
}
