import { useEffect, useState } from 'preact/hooks';
import type { Translate } from '../lib/i18n.ts';
import { HistoryIcon, RulesIcon, ShieldIcon, SoundOffIcon, SoundOnIcon } from './icons.tsx';

type Panel = 'rules' | 'history' | 'fairness';

/** The menu's panels, in its order, each named by its `menu.<panel>` text. */
const PANEL_BUTTONS = [
  { panel: 'rules', Icon: RulesIcon },
  { panel: 'history', Icon: HistoryIcon },
  { panel: 'fairness', Icon: ShieldIcon },
] as const;

/** mm:ss (h:mm:ss past an hour) of the time since the page opened. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mmss = `${String(minutes).padStart(hours ? 2 : 1, '0')}:${String(seconds).padStart(2, '0')}`;
  return hours ? `${hours}:${mmss}` : mmss;
}

/**
 * The game's name, the balance and the menu (sound, rules, history, fairness), and, as responsible-gambling
 * rules ask (UKGC RTS 13C and 2E), how long this session has run and its net result. The clock re-renders
 * only itself.
 */
export function GameHeader(props: {
  name: string;
  demo: boolean;
  balance: string;
  t: Translate;
  /** The session's net result, signed ("+KES 20.00"). */
  net: string;
  soundOn: boolean;
  onSound: () => void;
  onPanel: (panel: Panel) => void;
}) {
  const { t } = props;
  return (
    <header class="bar">
      <div class="bar__title">
        <h1>{props.name}</h1>
        <span class={`chip ${props.demo ? 'chip--demo' : 'chip--real'}`}>
          {t(props.demo ? 'page.demo' : 'page.real')}
        </span>
      </div>
      <div class="bar__balance" aria-live="polite">
        <span class="bar__label">{t(props.demo ? 'page.demoBalance' : 'page.balance')}</span>
        <strong data-testid="balance">{props.balance}</strong>
      </div>
      <p class="bar__session">
        <SessionClock t={t} /> · <span data-testid="session-net">{t('page.net', { amount: props.net })}</span>
      </p>
      <nav class="bar__menu">
        <button
          type="button"
          class="icon-button"
          aria-pressed={props.soundOn}
          aria-label={t(props.soundOn ? 'menu.soundOn' : 'menu.soundOff')}
          title={t(props.soundOn ? 'menu.soundOn' : 'menu.soundOff')}
          onClick={props.onSound}
        >
          {props.soundOn ? <SoundOnIcon /> : <SoundOffIcon />}
        </button>
        {PANEL_BUTTONS.map(({ panel, Icon }) => (
          <button
            key={panel}
            type="button"
            class="icon-button"
            aria-label={t(`menu.${panel}`)}
            title={t(`menu.${panel}`)}
            onClick={() => props.onPanel(panel)}
          >
            <Icon />
          </button>
        ))}
      </nav>
    </header>
  );
}

function SessionClock({ t }: { t: Translate }) {
  const [started] = useState(() => Date.now());
  const [now, setNow] = useState(started);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span>
      <svg class="bar__clock" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="2.4" />
        <path d="M12 7v5l3 2" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" />
      </svg>
      <span class="sr-only">{t('page.session')}</span>
      {formatElapsed(now - started)}
    </span>
  );
}
