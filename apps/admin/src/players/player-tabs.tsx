import { useState, type ReactNode } from 'react';
import type { TextKey } from '../texts.ts';
import { useText } from '../use-text.ts';
import { ActionsPanel } from './actions.tsx';
import { NotesPanel } from './notes.tsx';
import { AuditPanel, BonusesPanel, LedgerPanel, RoundsPanel, SessionsPanel } from './panels.tsx';
import './players.css';

const TABS = ['overview', 'ledger', 'rounds', 'bonuses', 'sessions', 'audit', 'notes', 'actions'] as const;
type Tab = (typeof TABS)[number];

/**
 * The player 360 view's tabs (issue 26 §2): the overview (the first view's panels) and one tab per panel,
 * note and action. A tab's data is read only when it is opened (each read is recorded by the server).
 */
export function PlayerTabs({ memberId, overview }: { memberId: number; overview: ReactNode }) {
  const t = useText();
  const [tab, setTab] = useState<Tab>('overview');
  const panels: Record<Tab, () => ReactNode> = {
    overview: () => overview,
    ledger: () => <LedgerPanel memberId={memberId} />,
    rounds: () => <RoundsPanel memberId={memberId} />,
    bonuses: () => <BonusesPanel memberId={memberId} />,
    sessions: () => <SessionsPanel memberId={memberId} />,
    audit: () => <AuditPanel memberId={memberId} />,
    notes: () => <NotesPanel memberId={memberId} />,
    actions: () => <ActionsPanel memberId={memberId} />,
  };
  return (
    <div>
      <div className="tabs" role="tablist" aria-label={t('player.title', { id: memberId })}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-selected={tab === name}
            aria-controls="player-tab-panel"
            className={tab === name ? 'tab current' : 'tab'}
            onClick={() => setTab(name)}
          >
            {t(`tab.${name}` as TextKey)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="player-tab-panel" aria-labelledby={`tab-${tab}`}>
        {panels[tab]()}
      </div>
    </div>
  );
}
