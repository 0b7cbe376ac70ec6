import type { Language } from '@app/contracts/config';
import type { Fairness, InhouseSession, PlayResult } from '@app/contracts/inhouse';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ERRORS } from '@app/contracts/errors';
import { ApiError, errorAction, errorText, type GameApi } from '../lib/api.ts';
import type { Translate } from '../lib/i18n.ts';
import type { MessageKey } from '../locales/en.ts';
import { prefersReducedMotion } from '../lib/motion.ts';
import { formatAmount, formatSigned, moneyFor } from '../lib/money.ts';
import { frameMessage, onParentCommand, postToParent, tellInOtherGames } from '../lib/parent.ts';
import { createSoundBoard } from '../lib/sound.ts';
import { clampStake } from '../lib/stake.ts';
import { bonusName } from './bonus-name.ts';
import { loadGame, type GameContext, type GameModule } from './game-module.ts';
import { FairnessPanel } from './fairness-panel.tsx';
import { GameHeader } from './game-header.tsx';
import { HistoryPanel } from './history-panel.tsx';
import { Sheet } from './sheet.tsx';

type Phase =
  | { kind: 'loading' }
  | { kind: 'ready'; session: InhouseSession; module: GameModule }
  | { kind: 'ended' }
  | { kind: 'unavailable' }
  | { kind: 'failed'; error: unknown };

type Panel = 'rules' | 'history' | 'fairness' | null;
type Notice = { text: string; tone: 'error' | 'info'; cashier?: boolean; forfeit?: boolean };

export type GamePageProps = {
  api: GameApi;
  token: string;
  language: Language;
  t: Translate;
  /** The game's chunk, already on its way when the page named the game (the server writes its code in). */
  early?: { code: string; module: Promise<GameModule> } | undefined;
  /** False when the address carries no session (the server never serves the page so; a hand-typed one). */
  validAddress: boolean;
  /**
   * Inside the app's frame. The app then says that demo money cannot be withdrawn, in its bar above the
   * game, and the page does not say it a second time.
   */
  embedded?: boolean;
};

/**
 * The common frame of every in-house game: balance, stake, sound, rules, history and the fairness panel
 * around the game's own board, and the messages to the app. The game's code comes from the session.
 */
export function GamePage({ api, token, language, t, early, validAddress, embedded = false }: GamePageProps) {
  const [phase, setPhase] = useState<Phase>(validAddress ? { kind: 'loading' } : { kind: 'ended' });
  const [attempt, setAttempt] = useState(0);
  const [balance, setBalance] = useState(0);
  const [fairness, setFairness] = useState<Fairness | undefined>();
  const [net, setNet] = useState(0);
  const [stake, setStakeState] = useState(0);
  const [panel, setPanel] = useState<Panel>(null);
  const [notice, setNotice] = useState<Notice | undefined>();
  const [confirmForfeit, setConfirmForfeit] = useState(false);
  const [forfeiting, setForfeiting] = useState(false);
  const [inPlay, setInPlayState] = useState(false);
  const inPlayRef = useRef(false);
  const sound = useMemo(() => createSoundBoard(), []);
  const [soundOn, setSoundOn] = useState(sound.enabled);
  const reducedMotion = useMemo(() => prefersReducedMotion(), []);

  useEffect(() => {
    if (!validAddress) return undefined;
    let current = true;
    setPhase({ kind: 'loading' });
    const moduleFor = (code: string) => (early && early.code === code ? early.module : loadGame(code));
    api
      .session()
      .then(async (session) => {
        const pending = moduleFor(session.game.code);
        if (!pending) {
          if (current) setPhase({ kind: 'unavailable' });
          return;
        }
        const module = await pending;
        if (!current) return;
        setBalance(session.balance);
        setFairness(session.fairness);
        const limits = { min: session.game.minStake, max: session.stakeLimit.maxStake };
        setStakeState(session.openRound ? session.openRound.stake : clampStake(limits.min, limits));
        setPhase({ kind: 'ready', session, module });
        document.title = session.game.name;
        postToParent(
          frameMessage('ready', { gameId: session.game.id, code: session.game.code, mode: session.mode }),
        );
        postToParent(frameMessage('balance', { balance: session.balance, currency: session.currency }));
      })
      .catch((error: unknown) => {
        if (!current) return;
        setPhase(errorAction(error) === 'ended' ? { kind: 'ended' } : { kind: 'failed', error });
      });
    return () => {
      current = false;
    };
  }, [api, early, attempt, validAddress]);

  const session = phase.kind === 'ready' ? phase.session : undefined;
  const money = useMemo(() => moneyFor(session?.currency ?? 'KES'), [session?.currency]);
  const format = useCallback((minor: number) => formatAmount(minor, money), [money]);

  const setInPlay = useCallback((next: boolean) => {
    inPlayRef.current = next;
    setInPlayState(next);
  }, []);

  const showBalance = useCallback(
    (next: number) => {
      setBalance(next);
      if (session) postToParent(frameMessage('balance', { balance: next, currency: session.currency }));
    },
    [session],
  );

  const describe = useCallback(
    (error: unknown) =>
      errorText(error, language, (code) => {
        const key = `error.${code}` as MessageKey;
        const translated = t(key);
        return translated === key ? undefined : translated;
      }),
    [language, t],
  );

  /** The session with a new stake limit (after a forfeit, or read again after a refusal). */
  const withSession = useCallback((next: InhouseSession) => {
    setPhase((current) => (current.kind === 'ready' ? { ...current, session: next } : current));
  }, []);

  /** The active bonus's limit met: named, with the way out (the forfeit, which asks first). */
  const showBonusLimit = useCallback(
    (limited: InhouseSession) => {
      const { stakeLimit } = limited;
      if (!stakeLimit.bonus) return false;
      setNotice({
        text: t('bonus.limitMet', {
          max: format(stakeLimit.maxStake),
          bonus: bonusName(t, stakeLimit.bonus.source),
          gameMax: format(stakeLimit.gameMaxStake),
        }),
        tone: 'error',
        forfeit: true,
      });
      return true;
    },
    [t, format],
  );

  const bonusLimitMet = useCallback(() => {
    if (session) showBonusLimit(session);
  }, [session, showBonusLimit]);

  const fail = useCallback(
    (error: unknown) => {
      const action = errorAction(error);
      if (action === 'ended') {
        setPhase({ kind: 'ended' });
        return;
      }
      if (error instanceof ApiError && error.code === ERRORS.BONUS_MAX_STAKE.code) {
        // The limit may be newer than the page's session (a bonus accepted meanwhile): read it again.
        setNotice({ text: describe(error), tone: 'error' });
        api.session().then(
          (fresh) => {
            withSession(fresh);
            showBonusLimit(fresh);
          },
          () => undefined,
        );
        return;
      }
      const text = describe(error);
      if (action === 'cashier') postToParent(frameMessage('cashier', { reason: 'insufficient-balance' }));
      if (action === 'one-device') tellInOtherGames();
      setNotice({ text, tone: 'error', cashier: action === 'cashier' });
    },
    [describe, api, withSession, showBonusLimit],
  );

  const forfeit = useCallback(async () => {
    setConfirmForfeit(false);
    const id = session?.stakeLimit.bonus?.id;
    if (!session || id === undefined || forfeiting) return;
    setForfeiting(true);
    try {
      const result = await api.forfeitBonus(id);
      withSession({ ...session, stakeLimit: result.stakeLimit });
      setBalance(result.balance);
      postToParent(frameMessage('balance', { balance: result.balance, currency: session.currency }));
      setNotice({ text: t('bonus.forfeited', { max: format(result.stakeLimit.maxStake) }), tone: 'info' });
    } catch (error) {
      setNotice({ text: describe(error), tone: 'error' });
    } finally {
      setForfeiting(false);
    }
  }, [session, forfeiting, api, withSession, t, format, describe]);

  const placed = useCallback(
    (result: PlayResult) => {
      setNotice(undefined);
      setFairness(result.fairness);
      // The stake has left; the win (if any) is shown once the animation reveals it.
      const pending = result.round.state === 'settled' ? result.round.payout : 0;
      showBalance(result.balance - pending);
    },
    [showBalance],
  );

  const revealed = useCallback(
    (result: PlayResult) => {
      setFairness(result.fairness);
      showBalance(result.balance);
      const { round } = result;
      if (round.state === 'settled') {
        setNet((value) => value + round.payout - round.stake);
        postToParent(
          frameMessage('round', {
            roundId: round.id,
            stake: round.stake,
            payout: round.payout,
            multiplier: round.multiplier,
          }),
        );
      }
    },
    [showBalance],
  );

  // The app asks for a fresh balance (after a deposit): read it again, unless a round is being shown.
  useEffect(
    () =>
      onParentCommand((command) => {
        if (command !== 'refresh-balance' || inPlayRef.current) return;
        api.session().then(
          (fresh) => showBalance(fresh.balance),
          () => undefined,
        );
      }),
    [api, showBalance],
  );

  const setStake = useCallback(
    (next: number) => {
      if (!session) return;
      setStakeState(clampStake(next, { min: session.game.minStake, max: session.stakeLimit.maxStake }));
    },
    [session],
  );

  const ctx = useMemo<GameContext | undefined>(
    () =>
      session && {
        session,
        api,
        t,
        language,
        money,
        format,
        sound,
        reducedMotion,
        balance,
        stake,
        setStake,
        placed,
        revealed,
        fail,
        setInPlay,
        bonusLimitMet,
      },
    [
      session,
      api,
      t,
      language,
      money,
      format,
      sound,
      reducedMotion,
      balance,
      stake,
      setStake,
      placed,
      revealed,
      fail,
      setInPlay,
      bonusLimitMet,
    ],
  );

  if (phase.kind === 'loading') {
    return (
      <main class="status" aria-busy="true" data-testid="game-loading">
        <span class="spinner" aria-hidden="true" />
        <p>{t('page.loading')}</p>
      </main>
    );
  }
  if (phase.kind === 'ended' || phase.kind === 'unavailable') {
    return (
      <main class="status" data-testid={phase.kind === 'ended' ? 'game-ended' : 'game-unavailable'}>
        <p role="alert">{t(phase.kind === 'ended' ? 'page.ended' : 'page.unavailable')}</p>
      </main>
    );
  }
  if (phase.kind === 'failed') {
    return (
      <main class="status" data-testid="game-failed">
        <p role="alert">{t('page.failed')}</p>
        <p class="status__detail">{describe(phase.error)}</p>
        <button type="button" class="button button--primary" onClick={() => setAttempt((n) => n + 1)}>
          {t('page.retry')}
        </button>
      </main>
    );
  }

  const { module } = phase;
  const Game = module.default;
  const Rules = module.Rules;
  const readyCtx = ctx as GameContext;
  const demo = phase.session.mode === 'demo';

  return (
    <div class={`frame frame--${phase.session.game.code}`} data-mode={phase.session.mode}>
      <GameHeader
        name={phase.session.game.name}
        demo={demo}
        balance={format(balance)}
        t={t}
        net={formatSigned(net, money)}
        soundOn={soundOn}
        onSound={() => {
          sound.setEnabled(!soundOn);
          setSoundOn(!soundOn);
        }}
        onPanel={(next) => setPanel(next)}
      />
      {demo && !embedded ? (
        <p class="demo-banner" role="note" data-testid="demo-banner">
          {t('page.demoBanner')}
        </p>
      ) : null}
      {notice ? (
        <div class={`notice notice--${notice.tone}`} role="alert" data-testid="game-notice">
          <span>{notice.text}</span>
          {notice.cashier ? (
            <button
              type="button"
              class="button button--small"
              onClick={() => postToParent(frameMessage('cashier', { reason: 'insufficient-balance' }))}
            >
              {t('page.deposit')}
            </button>
          ) : null}
          {notice.forfeit && phase.session.stakeLimit.bonus ? (
            <button
              type="button"
              class="button button--small"
              data-testid="bonus-forfeit"
              disabled={forfeiting}
              onClick={() => setConfirmForfeit(true)}
            >
              {t('bonus.forfeit')}
            </button>
          ) : null}
          <button
            type="button"
            class="icon-button"
            aria-label={t('page.close')}
            onClick={() => setNotice(undefined)}
          >
            ×
          </button>
        </div>
      ) : null}
      {confirmForfeit && phase.session.stakeLimit.bonus ? (
        <Sheet
          title={t('bonus.forfeit')}
          closeLabel={t('page.close')}
          onClose={() => setConfirmForfeit(false)}
          testId="bonus-forfeit-confirm"
        >
          <p>{t('bonus.forfeitConfirm', { bonus: bonusName(t, phase.session.stakeLimit.bonus.source) })}</p>
          <div class="sheet__actions">
            <button type="button" class="button" onClick={() => setConfirmForfeit(false)}>
              {t('bonus.keep')}
            </button>
            <button
              type="button"
              class="button button--primary"
              data-testid="bonus-forfeit-yes"
              onClick={() => void forfeit()}
            >
              {t('bonus.forfeit')}
            </button>
          </div>
        </Sheet>
      ) : null}
      <Game ctx={readyCtx} />

      {panel === 'rules' ? (
        <Sheet
          title={t('menu.rules')}
          closeLabel={t('page.close')}
          onClose={() => setPanel(null)}
          testId="rules-panel"
        >
          <Rules ctx={readyCtx} />
          <p>{t('rules.noAutoplay')}</p>
          <p>{t('rules.fair')}</p>
        </Sheet>
      ) : null}
      {panel === 'history' ? (
        <Sheet
          title={t('menu.history')}
          closeLabel={t('page.close')}
          onClose={() => setPanel(null)}
          testId="history-panel"
        >
          <HistoryPanel ctx={readyCtx} token={token} />
        </Sheet>
      ) : null}
      {panel === 'fairness' && fairness ? (
        <Sheet
          title={t('menu.fairness')}
          closeLabel={t('page.close')}
          onClose={() => setPanel(null)}
          testId="fairness-panel"
        >
          <FairnessPanel
            ctx={readyCtx}
            token={token}
            fairness={fairness}
            inPlay={inPlay}
            onFairness={setFairness}
          />
        </Sheet>
      ) : null}
    </div>
  );
}
