import { benefitAssetOf, BENEFIT_STATU, type VipBenefit } from '@app/contracts/vip';
import type { Translate } from '../../../lib/i18n.ts';
import { useAmountLabel } from './amount-label.ts';
import { BenefitIcon } from './benefit-icon.tsx';

/** The label of a benefit's state: claim, claimed, not now, locked (from level n), or open. */
function stateLabel(t: Translate, benefit: VipBenefit): string {
  if (benefit.statu === BENEFIT_STATU.locked) {
    return benefit.minLevelId === null ? t('vip.off') : t('vip.fromLevel', { level: benefit.minLevelId });
  }
  if (benefit.statu === BENEFIT_STATU.claimed) return t('vip.claimed');
  if (benefit.statu === BENEFIT_STATU.notNow) return t('vip.notNow');
  return benefit.state === 0 ? t('vip.claim') : t('vip.open');
}

/** One benefit: its name, what it pays at the member's level and its state; the whole card is the button. */
export function BenefitCard({
  t,
  benefit,
  busy,
  onTap,
}: {
  t: Translate;
  benefit: VipBenefit;
  busy: boolean;
  onTap: (benefit: VipBenefit) => void;
}) {
  const amountOf = useAmountLabel(t);
  const asset = benefitAssetOf(benefit.type);
  const claimable = benefit.statu === BENEFIT_STATU.available && benefit.state === 0;
  return (
    <button
      type="button"
      className={`vip-benefit vip-benefit--statu${benefit.statu < 0 ? 'm1' : benefit.statu}`}
      data-testid={`vip-benefit-${benefit.id}`}
      data-statu={benefit.statu}
      disabled={busy && claimable}
      onClick={() => onTap(benefit)}
    >
      <BenefitIcon type={benefit.type} />
      <span className="vip-benefit__name">{benefit.name}</span>
      {asset !== 'none' && benefit.amount > 0 ? (
        <span className="vip-benefit__amount">{amountOf(asset, benefit.amount)}</span>
      ) : null}
      <span className={`vip-benefit__state${claimable ? ' vip-benefit__state--claim' : ''}`}>
        {stateLabel(t, benefit)}
      </span>
    </button>
  );
}
