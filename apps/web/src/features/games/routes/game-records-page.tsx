import type { GameRecord } from '@app/contracts/games';
import { useState } from 'react';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useTimeFormat } from '../../../lib/use-date-format.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { useGameRecords, type GameRecordKind } from '../api/get-game-records.ts';
import '../components/games.css';

function RecordItem({ record, kind }: { record: GameRecord; kind: GameRecordKind }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const time = useTimeFormat();
  const amount = kind === 'win' ? record.payout : record.stake;
  return (
    <li className="game-record" data-testid="game-record">
      <span className="game-record__name">
        {record.gameName}
        {record.mode === 'demo' ? <span className="game-record__tag">{t('games.demo')}</span> : null}
      </span>
      <span className={`game-record__amount${kind === 'win' ? ' is-win' : ''}`}>
        {kind === 'win' ? '+' : ''}
        {money.currency} {money.format(amount)}
      </span>
      <span className="game-record__meta">{time(record.createTime)}</span>
      <span className="game-record__meta">
        {kind === 'bet'
          ? record.state === 'settled'
            ? t('gameRecords.paid', { amount: `${money.currency} ${money.format(record.payout)}` })
            : t(`gameRecords.state.${record.state}`)
          : t('gameRecords.stake', { amount: `${money.currency} ${money.format(record.stake)}` })}
      </span>
    </li>
  );
}

function RecordList({ kind }: { kind: GameRecordKind }) {
  const { t } = useTranslation();
  const records = useGameRecords(kind);
  if (records.status !== 'success')
    return <QueryStatus status={records.status} error={records.error} onRetry={records.retry} />;
  if (records.records.length === 0)
    return (
      <p className="game-records__empty" data-testid="game-records-empty">
        {kind === 'bet' ? t('gameRecords.noBets') : t('gameRecords.noWins')}
      </p>
    );
  return (
    <>
      <ul className="game-records__list">
        {records.records.map((record) => (
          <RecordItem key={record.id} record={record} kind={kind} />
        ))}
      </ul>
      <div className="game-records__more">
        {records.hasMore ? (
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={records.loadingMore}
            onClick={records.loadMore}
          >
            {t('records.loadMore')}
          </button>
        ) : (
          <span>{t('records.end')}</span>
        )}
      </div>
    </>
  );
}

/** `/me/game-records` (spec §2): the member's bets and wins, newest first. Guarded by the router. */
export function GameRecordsPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<GameRecordKind>('bet');
  return (
    <div className="game-records">
      <NavBar title={t('pages.gameRecords')} />
      <div className="game-records__tabs" role="tablist" aria-label={t('pages.gameRecords')}>
        {(['bet', 'win'] as const).map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            className="game-records__tab"
            aria-selected={kind === tab}
            onClick={() => setKind(tab)}
          >
            {tab === 'bet' ? t('gameRecords.bets') : t('gameRecords.wins')}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        <RecordList key={kind} kind={kind} />
      </div>
    </div>
  );
}
