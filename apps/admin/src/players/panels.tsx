import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocaleState } from 'ra-core';
import { ADMIN_PLAYER_PATHS, type PlayerPanel, type PlayerSession } from '@app/contracts/back-office-players';
import type { MyBonus } from '@app/contracts/bonus';
import type { GameRecord } from '@app/contracts/games';
import type { AuditEntry } from '@app/contracts/staff';
import type { MemberTransaction } from '@app/contracts/wallet';
import { callAdminApi } from '../api.ts';
import { formatCount, formatDate, formatMoney } from '../format.ts';
import { useText } from '../use-text.ts';

const PAGE_SIZE = 20;

type Page<T> = { list: T[]; total: number; page: number; size: number };

/** A player's route with its `:id` (and other placeholders) filled. */
export function playerPath(path: string, id: number, extra: Record<string, string> = {}): string {
  return Object.entries({ id: String(id), ...extra }).reduce(
    (built, [key, value]) => built.replace(`:${key}`, encodeURIComponent(value)),
    path,
  );
}

/** One column: its heading and how a row shows in it (numbers right-aligned). */
type Column<T> = { label: string; cell: (row: T) => ReactNode; number?: boolean };

/**
 * One paged panel of the player's view, read from the server page by page (each read is recorded there
 * as a view of this panel); the table is read-only.
 */
function PagedTable<T extends { id?: number }>({
  memberId,
  panel,
  columns,
  rowKey,
}: {
  memberId: number;
  panel: PlayerPanel;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
}) {
  const t = useText();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['player-panel', memberId, panel, page],
    queryFn: () =>
      callAdminApi<Page<T>>(playerPath(ADMIN_PLAYER_PATHS.panel, memberId, { panel }), {
        query: { page: String(page), size: String(PAGE_SIZE) },
      }),
  });
  if (query.error)
    return (
      <p className="error" role="alert">
        {t('app.error')}
      </p>
    );
  if (!query.data) return <p className="muted">{t('app.loading')}</p>;
  const { list, total } = query.data;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <div className="paged">
      {list.length === 0 ? (
        <p className="muted">{t('player.none')}</p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.label}>{column.label}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <td key={column.label} className={column.number ? 'number' : undefined}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="pager" aria-label={t('page.of', { page, pages, total })}>
        <button type="button" className="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {t('page.previous')}
        </button>
        <span className="muted">{t('page.of', { page, pages, total })}</span>
        <button
          type="button"
          className="secondary"
          disabled={page >= pages}
          onClick={() => setPage(page + 1)}
        >
          {t('page.next')}
        </button>
      </nav>
    </div>
  );
}

export function LedgerPanel({ memberId }: { memberId: number }) {
  const t = useText();
  const [language] = useLocaleState();
  const money = (minor: number) => formatMoney(minor, language);
  return (
    <PagedTable<MemberTransaction>
      memberId={memberId}
      panel="ledger"
      rowKey={(row) => row.id}
      columns={[
        { label: t('record.date'), cell: (row) => formatDate(row.createTime, language) },
        { label: t('ledger.type'), cell: (row) => row.type },
        { label: t('ledger.cash'), cell: (row) => money(row.amount), number: true },
        { label: t('ledger.withdrawable'), cell: (row) => money(row.withdrawAmount), number: true },
        {
          label: t('ledger.other'),
          cell: (row) =>
            [row.coins, row.diamonds, row.tickets].map((count) => formatCount(count, language)).join(' / '),
          number: true,
        },
        { label: t('ledger.description'), cell: (row) => row.description || '—' },
      ]}
    />
  );
}

export function RoundsPanel({ memberId }: { memberId: number }) {
  const t = useText();
  const [language] = useLocaleState();
  const money = (minor: number) => formatMoney(minor, language);
  return (
    <PagedTable<GameRecord>
      memberId={memberId}
      panel="rounds"
      rowKey={(row) => row.id}
      columns={[
        { label: t('record.date'), cell: (row) => formatDate(row.createTime, language) },
        { label: t('round.game'), cell: (row) => row.gameName },
        { label: t('round.mode'), cell: (row) => row.mode },
        { label: t('round.stake'), cell: (row) => money(row.stake), number: true },
        { label: t('round.payout'), cell: (row) => money(row.payout), number: true },
        { label: t('record.state'), cell: (row) => row.state },
      ]}
    />
  );
}

export function BonusesPanel({ memberId }: { memberId: number }) {
  const t = useText();
  const [language] = useLocaleState();
  const money = (minor: number) => formatMoney(minor, language);
  return (
    <PagedTable<MyBonus>
      memberId={memberId}
      panel="bonuses"
      rowKey={(row) => row.id}
      columns={[
        { label: t('record.date'), cell: (row) => formatDate(row.createdAt, language) },
        { label: t('bonus.source'), cell: (row) => row.source },
        { label: t('record.amount'), cell: (row) => money(row.amount), number: true },
        {
          label: t('bonus.wagering'),
          cell: (row) => `${money(row.wageringProgress)} / ${money(row.wageringRequired)}`,
          number: true,
        },
        { label: t('record.state'), cell: (row) => row.status },
        { label: t('bonus.expires'), cell: (row) => formatDate(row.expiresAt, language) },
      ]}
    />
  );
}

export function SessionsPanel({ memberId }: { memberId: number }) {
  const t = useText();
  const [language] = useLocaleState();
  return (
    <PagedTable<PlayerSession>
      memberId={memberId}
      panel="sessions"
      rowKey={(row) => row.id}
      columns={[
        { label: t('session.started'), cell: (row) => formatDate(row.createdAt, language) },
        { label: t('session.device'), cell: (row) => row.deviceId ?? '—' },
        { label: t('session.ip'), cell: (row) => row.ip ?? '—' },
        { label: t('session.lastSeen'), cell: (row) => formatDate(row.lastSeenAt, language) },
        {
          label: t('session.ended'),
          cell: (row) =>
            row.endedAt
              ? `${formatDate(row.endedAt, language)} (${row.endReason ?? '—'})`
              : t('session.live'),
        },
      ]}
    />
  );
}

/** An audit entry's before and after, short: the keys that changed and their new values. */
function details(entry: AuditEntry): string {
  const after =
    entry.after && typeof entry.after === 'object' ? (entry.after as Record<string, unknown>) : {};
  return Object.entries(after)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');
}

export function AuditPanel({ memberId }: { memberId: number }) {
  const t = useText();
  const [language] = useLocaleState();
  return (
    <PagedTable<AuditEntry>
      memberId={memberId}
      panel="audit"
      rowKey={(row) => row.id}
      columns={[
        { label: t('record.date'), cell: (row) => formatDate(row.at, language) },
        { label: t('audit.who'), cell: (row) => row.staffLogin },
        { label: t('audit.action'), cell: (row) => row.action },
        { label: t('audit.details'), cell: (row) => details(row) || '—' },
      ]}
    />
  );
}
