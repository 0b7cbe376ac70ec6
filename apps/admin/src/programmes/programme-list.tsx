import { useState } from 'react';
import {
  LinkBase,
  useCanAccess,
  useCreatePath,
  useDataProvider,
  useListController,
  useLocaleState,
} from 'ra-core';
import { PROGRAMME_COST_DAYS, type ProgrammeAssets } from '@app/contracts/back-office-programmes';
import { formatCount, formatMoney } from '../format.ts';
import { Denied, Pending } from '../players.tsx';
import type { Translate } from '../i18n.ts';
import type { TextKey } from '../texts.ts';
import { useText } from '../use-text.ts';
import { labelOf } from './settings-schema.ts';
import { programmesEn } from './texts.ts';
import './programmes.css';
import type { ProgrammeRow } from './provider.ts';

/** Cash as money, then coins, diamonds and tickets when there are any: what a budget paid or holds. */
export function Assets({ assets, language }: { assets: ProgrammeAssets; language: string }) {
  const t = useText();
  const parts = [formatMoney(assets.cash, language)];
  if (assets.coins) parts.push(`${formatMoney(assets.coins, language)} ${t('unit.coins')}`);
  if (assets.diamonds) parts.push(`${formatCount(assets.diamonds, language)} ${t('unit.diamonds')}`);
  if (assets.tickets) parts.push(`${formatCount(assets.tickets, language)} ${t('unit.tickets')}`);
  return <>{parts.join(' · ')}</>;
}

/** A budget's average per day over its recent days (rounded to the stored unit). */
const perDay = (assets: ProgrammeAssets, days: number): ProgrammeAssets => ({
  cash: Math.round(assets.cash / days),
  coins: Math.round(assets.coins / days),
  diamonds: Math.round(assets.diamonds / days),
  tickets: Math.round(assets.tickets / days),
});

/** A programme's name in the operator's language; a programme without one yet shows its code as words. */
export function programmeName(t: Translate, code: string): string {
  const key = `programme.${code}`;
  return key in programmesEn ? t(key as TextKey) : labelOf(code);
}

export function StateBadge({ programme }: { programme: Pick<ProgrammeRow, 'enabled' | 'allowedInMarket'> }) {
  const t = useText();
  if (!programme.allowedInMarket)
    return <span className="badge status-excluded">{t('programmes.offByLaw')}</span>;
  return programme.enabled ? (
    <span className="badge status-active">{t('programmes.on')}</span>
  ) : (
    <span className="badge">{t('programmes.off')}</span>
  );
}

/**
 * The promotion programmes (issue 26 §5): each one's switch, its budget account's balance and what it cost
 * per day lately, from the ledger. A staff member who may write switches a programme from here (its
 * settings unchanged) or opens its settings.
 */
export function ProgrammeList() {
  const t = useText();
  const [language] = useLocaleState();
  const { canAccess, isPending: checking } = useCanAccess({ resource: 'programmes', action: 'list' });
  const { canAccess: canWrite } = useCanAccess({ resource: 'programmes', action: 'write' });
  const list = useListController<ProgrammeRow>({ perPage: 1000, storeKey: false });
  const createPath = useCreatePath();
  const dataProvider = useDataProvider();
  const [switching, setSwitching] = useState<string>();
  const [failed, setFailed] = useState<unknown>();
  if (checking) return <Pending />;
  if (!canAccess) return <Denied />;
  const toggle = async (programme: ProgrammeRow) => {
    setSwitching(programme.code);
    setFailed(undefined);
    try {
      await dataProvider.update('programmes', {
        id: programme.code,
        data: { enabled: !programme.operatorEnabled, settings: programme.settings },
        previousData: programme,
      });
      await list.refetch();
    } catch (error) {
      setFailed(error);
    } finally {
      setSwitching(undefined);
    }
  };
  return (
    <section>
      <h1>{t('menu.programmes')}</h1>
      <p className="muted">{t('programmes.hint')}</p>
      {failed !== undefined && <Pending error={failed} />}
      {!list.data ? (
        <Pending error={list.error} />
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>{t('programmes.name')}</th>
              <th>{t('programmes.state')}</th>
              <th>{t('programmes.balance')}</th>
              <th>{t('programmes.costPerDay', { days: PROGRAMME_COST_DAYS })}</th>
              <th>{t('programmes.payouts', { days: PROGRAMME_COST_DAYS })}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.data.map((programme) => (
              <tr key={programme.code}>
                <td>
                  <LinkBase to={createPath({ resource: 'programmes', type: 'edit', id: programme.code })}>
                    {programmeName(t, programme.code)}
                  </LinkBase>
                  <div className="muted small-text">{programme.code}</div>
                </td>
                <td>
                  <StateBadge programme={programme} />
                </td>
                <td className="number">
                  {programme.budget && <Assets assets={programme.budget.balance} language={language} />}
                </td>
                <td className="number">
                  {programme.budget && (
                    <Assets
                      assets={perDay(programme.budget.recent, programme.budget.recent.days)}
                      language={language}
                    />
                  )}
                </td>
                <td className="number">{formatCount(programme.budget?.recent.payouts ?? 0, language)}</td>
                <td className="actions">
                  {canWrite && programme.allowedInMarket && (
                    <button
                      type="button"
                      className="secondary small"
                      disabled={switching !== undefined}
                      aria-label={`${t(programme.operatorEnabled ? 'programmes.switchOff' : 'programmes.switchOn')} ${programmeName(t, programme.code)}`}
                      onClick={() => void toggle(programme)}
                    >
                      {t(programme.operatorEnabled ? 'programmes.switchOff' : 'programmes.switchOn')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
