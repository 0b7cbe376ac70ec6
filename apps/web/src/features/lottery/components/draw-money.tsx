import type { LotteryResult } from '@app/contracts/lottery';
import type { Translate } from '../../../lib/i18n.ts';

/** Where a settled draw's money went, as the ledger shows it (docs/promotions.md "Money"). */
export function DrawMoney({
  money,
  t,
  amount,
}: {
  money: NonNullable<LotteryResult['money']>;
  t: Translate;
  amount: (minorUnits: number) => string;
}) {
  const rows: Array<[string, number]> = [
    [t('lottery.money.sales'), money.sales],
    [t('lottery.money.rolloverIn'), money.rolloverIn],
    [t('lottery.money.seed'), money.seedTopUp],
    [t('lottery.money.house'), money.houseShare],
    [t('lottery.money.paid'), money.paid],
    [t('lottery.money.rolloverOut'), money.rolloverOut],
  ];
  return (
    <section className="lottery__card" aria-label={t('lottery.money.title')} data-testid="draw-money">
      <h2>{t('lottery.money.title')}</h2>
      <dl className="lottery__figures">
        {rows.map(([label, value]) => (
          <div key={label} className="lottery__figure">
            <dt>{label}</dt>
            <dd>{amount(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
