import { useState, type FormEvent, type ReactNode } from 'react';
import {
  LinkBase,
  useCanAccess,
  useCreatePath,
  useListController,
  useLocaleState,
  useShowController,
} from 'ra-core';
import type { MemberSummary, PlayerView } from '@app/contracts/back-office';
import type { LimitName } from '@app/contracts/limits';
import { formatCount, formatDate, formatMoney } from './format.ts';
import { PlayerTabs } from './players/player-tabs.tsx';
import type { TextKey } from './texts.ts';
import { useText } from './use-text.ts';

export function Denied() {
  return <p className="notice">{useText()('app.denied')}</p>;
}

/** What a screen shows while its permission or data is on its way, or when it could not come. */
export function Pending({ error }: { error?: unknown }) {
  const t = useText();
  return error ? (
    <p className="error" role="alert">
      {t('app.error')}
    </p>
  ) : (
    <p className="muted">{t('app.loading')}</p>
  );
}

/**
 * Players: a search by mobile, id, name, ID number, M-Pesa receipt or transaction number (the server
 * records each one).
 */
export function PlayerList() {
  const t = useText();
  const [language] = useLocaleState();
  const { canAccess, isPending: checking } = useCanAccess({ resource: 'players', action: 'list' });
  // storeKey false: the last query (a player's mobile) is not kept in the browser's storage.
  const list = useListController<MemberSummary>({
    perPage: 50,
    sort: { field: 'id', order: 'DESC' },
    storeKey: false,
  });
  const searched = typeof list.filterValues.q === 'string' ? list.filterValues.q : '';
  const [query, setQuery] = useState(searched);
  const { canAccess: canShow } = useCanAccess({ resource: 'players', action: 'show' });
  const createPath = useCreatePath();
  const showPath = (id: number) => createPath({ resource: 'players', type: 'show', id });

  if (checking) return <Pending />;
  if (!canAccess) return <Denied />;
  const search = (event: FormEvent) => {
    event.preventDefault();
    list.setFilters({ q: query.trim() }, {}, false);
  };
  return (
    <section>
      <h1>{t('menu.players')}</h1>
      <form className="search" role="search" onSubmit={search}>
        <input
          type="search"
          aria-label={t('players.search')}
          placeholder={t('players.search')}
          value={query}
          onInput={(event) => setQuery(event.currentTarget.value)}
          autoFocus
        />
        <button type="submit">{t('players.searchButton')}</button>
      </form>
      <p className="muted">{t('players.hintFull')}</p>
      {searched && list.isPending && <Pending />}
      {list.error && <Pending error={list.error} />}
      {searched && list.data?.length === 0 && <p className="notice">{t('players.none')}</p>}
      {list.data && list.data.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th>{t('players.id')}</th>
              <th>{t('players.mobile')}</th>
              <th>{t('players.nickName')}</th>
              <th>{t('players.status')}</th>
              <th>{t('players.registered')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((member) => (
              <tr key={member.id}>
                <td className="number">
                  {canShow ? <LinkBase to={showPath(member.id)}>{member.id}</LinkBase> : member.id}
                </td>
                <td>
                  {canShow ? <LinkBase to={showPath(member.id)}>{member.mobile}</LinkBase> : member.mobile}
                </td>
                <td>{member.nickName || '—'}</td>
                <td>
                  <StatusBadge status={member.status} />
                  {member.demo && <span className="badge">{t('players.demo')}</span>}
                </td>
                <td>{formatDate(member.createdAt, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function StatusBadge({ status }: { status: MemberSummary['status'] }) {
  return <span className={`badge status-${status}`}>{useText()(`status.${status}`)}</span>;
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card panel">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function limitLabel(name: LimitName, t: ReturnType<typeof useText>): string {
  const [kind, period] = name.split(':') as [string, string];
  return `${t(`limit.${kind}` as TextKey)} ${t(`period.${period}` as TextKey)}`;
}

type PaymentRow = {
  id: number;
  at: string;
  number: string;
  amount: number;
  state: string;
  receipt: string | null;
};

/** The latest deposits or withdrawals: one table for both, each row read into the same columns. */
function PaymentsPanel({ title, rows }: { title: string; rows: PaymentRow[] }) {
  const t = useText();
  const [language] = useLocaleState();
  return (
    <Panel title={title}>
      {rows.length === 0 ? (
        <p className="muted">{t('player.none')}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>{t('record.date')}</th>
              <th>{t('record.number')}</th>
              <th>{t('record.amount')}</th>
              <th>{t('record.state')}</th>
              <th>{t('record.receipt')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{formatDate(row.at, language)}</td>
                <td>{row.number}</td>
                <td className="number">{formatMoney(row.amount, language)}</td>
                <td>{row.state}</td>
                <td>{row.receipt ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}

/** A player's first view (issue 26 §2): the server records each opening in the audit log. */
export function PlayerShow() {
  const t = useText();
  const [language] = useLocaleState();
  const { canAccess, isPending: checking } = useCanAccess({ resource: 'players', action: 'show' });
  const show = useShowController<PlayerView & { id: number }>();
  const listPath = useCreatePath()({ resource: 'players', type: 'list' });
  if (checking) return <Pending />;
  if (!canAccess) return <Denied />;
  // ra-core first shows the search's row of this id while the view loads: only a whole view is shown.
  const view = show.record && 'member' in show.record ? show.record : undefined;
  if (!view) return <Pending error={show.error} />;
  const money = (minor: number) => formatMoney(minor, language);
  const { member, balances, kyc, limits, deposits, withdrawals } = view;
  return (
    <section>
      <p>
        <LinkBase to={listPath}>← {t('player.back')}</LinkBase>
      </p>
      <h1>
        {t('player.title', { id: member.id })} · {member.mobile}
      </h1>
      <p className="muted">{t('player.viewRecorded')}</p>
      <PlayerTabs
        memberId={member.id}
        overview={
          <>
            <div className="grid">
              <Panel title={t('player.profile')}>
                <Facts
                  rows={[
                    [t('players.id'), member.id],
                    [t('players.mobile'), member.mobile],
                    [t('players.nickName'), member.nickName || '—'],
                    [t('players.status'), <StatusBadge key="status" status={member.status} />],
                    [t('players.registered'), formatDate(member.createdAt, language)],
                  ]}
                />
              </Panel>
              <Panel title={t('player.balances')}>
                <Facts
                  rows={[
                    [t('balance.cash'), money(balances.cash)],
                    [t('balance.withdrawable'), money(balances.withdrawable)],
                    [t('balance.coins'), formatCount(balances.coins, language)],
                    [t('balance.diamonds'), formatCount(balances.diamonds, language)],
                    [t('balance.tickets'), formatCount(balances.tickets, language)],
                  ]}
                />
              </Panel>
              <Panel title={t('player.kyc')}>
                <Facts
                  rows={[
                    [
                      t('kyc.status'),
                      <span key="kyc" className={`badge kyc-${kyc.status}`}>
                        {t(`kyc.${kyc.status}`)}
                      </span>,
                    ],
                    [t('kyc.submittedAt'), formatDate(kyc.submittedAt, language)],
                    [t('kyc.reason'), kyc.reason ?? '—'],
                  ]}
                />
              </Panel>
              <Panel title={t('player.limits')}>
                <table className="table compact">
                  <thead>
                    <tr>
                      <th>{t('limit.name')}</th>
                      <th>{t('limit.amount')}</th>
                      <th>{t('limit.used')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {limits.limits.map((limit) => (
                      <tr key={limit.name}>
                        <td>{limitLabel(limit.name, t)}</td>
                        <td className="number">
                          {limit.amount === null ? t('limit.noLimit') : money(limit.amount)}
                          {limit.pending && (
                            <div className="muted">
                              {t('limit.pending', {
                                amount:
                                  limit.pending.amount === null
                                    ? t('limit.noLimit')
                                    : money(limit.pending.amount),
                              })}
                            </div>
                          )}
                        </td>
                        <td className="number">{money(limit.used)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </Panel>
            </div>
            <PaymentsPanel
              title={t('player.deposits')}
              rows={deposits.map((deposit) => ({
                id: deposit.id,
                at: deposit.createTime,
                number: deposit.transNo,
                amount: deposit.payMoney,
                state: t(`deposit.${deposit.state}` as TextKey),
                receipt: deposit.receipt,
              }))}
            />
            <PaymentsPanel
              title={t('player.withdrawals')}
              rows={withdrawals.map((withdrawal) => ({
                id: withdrawal.id,
                at: withdrawal.createTime,
                number: withdrawal.withdrawNo,
                amount: withdrawal.money,
                state: t(`withdrawal.${withdrawal.status}`),
                receipt: withdrawal.receipt,
              }))}
            />
          </>
        }
      />
    </section>
  );
}
