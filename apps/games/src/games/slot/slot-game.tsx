import { formatMultiplier, MULTIPLIER_SCALE, payoutOf } from '@app/fair/payout';
import { SLOT, type SlotOutcome, type SlotSpin } from '@app/fair/slot';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { GameContext } from '../../frame/game-module.ts';
import { PlayButton } from '../../frame/play-button.tsx';
import { RoundResult } from '../../frame/round-result.tsx';
import { RulesCommon, RulesList } from '../../frame/rules-common.tsx';
import { StakeField } from '../../frame/stake-field.tsx';
import { wait } from '../../lib/motion.ts';
import { SlotSymbol, SymbolSprite } from './symbols.tsx';
import './slot.css';

const REELS = 5;
const ROWS = 3;
/**
 * UKGC RTS 14: a slot's game cycle lasts at least 2.5 s, and nothing (turbo, quick spin, slam stop) may
 * shorten it. The last reel stops no sooner than this after the tap, whatever the network, and the spin
 * button stays disabled until the whole bet (free spins included) has been shown.
 */
export const BASE_CYCLE_MS = 2500;
const FREE_CYCLE_MS = 1800;
/** Between two reels stopping, and the least time a reel spins after the answer arrived. */
const STAGGER_MS = 260;
const FIRST_STOP_MS = 420;
const LINE_SHOW_MS = 1400;
const FILLERS = 10;
const RULES = [
  'slot.rules.1',
  'slot.rules.2',
  'slot.rules.3',
  'slot.rules.4',
  'slot.rules.5',
  'slot.rules.6',
] as const;

const PAYLINES = SLOT.paylines;
const LINE_COLOURS = ['#ffd23f', '#2ee68a', '#ff4d6d', '#7cc4ff', '#ff9f1c', '#d38cff', '#5ee7df', '#ffffff'];
const SYMBOL_IDS = SLOT.symbols.map((symbol) => symbol.id);

type ReelView = {
  phase: 'idle' | 'spinning' | 'stopping';
  symbols: string[];
  fillers: string[];
  key: number;
};

const BY_CODE = new Map(SLOT.symbols.map((symbol) => [symbol.code, symbol.id]));

/**
 * Symbols that pass through a reel's window, in strip order from `from`: decoration only. While a reel
 * turns it shows a stretch of its real strip; when it stops, the positions just below the stop roll past,
 * as on a real reel turning downwards.
 */
export function stripRun(reel: number, from: number, length = FILLERS): string[] {
  const strip = SLOT.strips[reel] ?? '';
  if (!strip) return Array.from({ length }, (_, index) => SYMBOL_IDS[index % SYMBOL_IDS.length] ?? 'A');
  return Array.from({ length }, (_, index) => {
    const position = (((from + index) % strip.length) + strip.length) % strip.length;
    return BY_CODE.get(strip[position] ?? '') ?? 'A';
  });
}

const randomRun = (reel: number) => stripRun(reel, Math.floor(Math.random() * 64));

/** The board before the first spin: a calm, winless arrangement. */
const OPENING = [
  ['A', 'lion', 'Q'],
  ['K', 'zebra', '10'],
  ['elephant', 'J', 'scatter'],
  ['Q', 'buffalo', 'A'],
  ['10', 'K', 'wild'],
];

/** The cells a spin's wins use, "reel:row": each paying line's run, and the scatters when they paid. */
export function winningCells(spin: SlotSpin): Set<string> {
  const cells = new Set<string>();
  for (const line of spin.lines) {
    const rows = PAYLINES[line.line] ?? [];
    for (let reel = 0; reel < line.count; reel += 1) cells.add(`${reel}:${rows[reel]}`);
  }
  if (spin.scatterWin > 0 || spin.freeSpinsAwarded > 0) {
    spin.grid.forEach((column, reel) =>
      column.forEach((symbol, row) => {
        if (symbol === 'scatter') cells.add(`${reel}:${row}`);
      }),
    );
  }
  return cells;
}

/**
 * Savanna, the 5×3 video slot. The server's answer holds the whole bet: the base spin and every free spin.
 * The reels turn from the tap, stop one by one once the answer is in (never before the cycle's minimum),
 * then the wins are drawn; free spins play out the same way, and only then is the balance updated.
 */
export default function SlotGame({ ctx }: { ctx: GameContext }) {
  const { t, api, stake, format, sound, reducedMotion } = ctx;
  const [reels, setReels] = useState<ReelView[]>(() =>
    OPENING.map((symbols) => ({ phase: 'idle', symbols, fillers: [], key: 0 })),
  );
  const [busy, setBusy] = useState(false);
  /** The spin whose wins are drawn (none while the reels turn). */
  const [shown, setShown] = useState<SlotSpin | undefined>();
  /** Ten-thousandths of the stake won so far in this bet. */
  const [total, setTotal] = useState(0);
  /** Which free spin is playing, of how many awarded so far. */
  const [free, setFree] = useState<{ n: number; of: number } | undefined>();
  const [banner, setBanner] = useState<string | undefined>();
  const [finalWin, setFinalWin] = useState<number | undefined>();
  const [activeLine, setActiveLine] = useState(0);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  // After a spin, the paying lines are shown one after another (all of them first).
  const lineCount = shown?.lines.length ?? 0;
  useEffect(() => {
    setActiveLine(-1);
    if (lineCount < 2) return undefined;
    const timer = setInterval(() => setActiveLine((index) => (index + 1) % lineCount), LINE_SHOW_MS);
    return () => clearInterval(timer);
  }, [shown, lineCount]);

  const setReel = (reel: number, view: Partial<ReelView>) =>
    setReels((before) =>
      before.map((current, index) => (index === reel ? { ...current, ...view } : current)),
    );

  const startSpinning = () =>
    setReels((before) =>
      before.map((reel, index) => ({
        ...reel,
        phase: 'spinning',
        fillers: randomRun(index),
        key: reel.key + 1,
      })),
    );

  /** Stops the reels on a spin's grid: reel by reel, the last no sooner than `cycleMs` after `startedAt`. */
  const stopOn = async (spin: SlotSpin, startedAt: number, cycleMs: number) => {
    const answeredAt = performance.now();
    for (let reel = 0; reel < REELS; reel += 1) {
      const due = Math.max(
        startedAt + cycleMs - (REELS - 1 - reel) * STAGGER_MS,
        answeredAt + FIRST_STOP_MS + reel * STAGGER_MS,
      );
      await wait(Math.max(0, due - performance.now()));
      if (!alive.current) return;
      setReel(reel, {
        phase: 'stopping',
        symbols: spin.grid[reel] ?? [],
        fillers: stripRun(reel, (spin.stops[reel] ?? 0) + ROWS),
      });
      sound.play('reel-stop');
    }
    await wait(reducedMotion ? 0 : 350);
  };

  const present = async (spun: SlotSpin, inFreeSpins: boolean) => {
    setShown(spun);
    const amount = payoutOf(stake, spun.win);
    if (amount > 0) sound.play(amount >= stake * 10 ? 'big-win' : 'win');
    if (spun.freeSpinsAwarded > 0) {
      sound.play('bonus');
      setBanner(
        t(inFreeSpins ? 'slot.freeSpinsMore' : 'slot.freeSpinsWon', { count: spun.freeSpinsAwarded }),
      );
      await wait(1600);
      setBanner(undefined);
    } else if (amount > 0) {
      await wait(reducedMotion ? 600 : 900);
    }
  };

  const spin = async () => {
    if (busy) return;
    setBusy(true);
    ctx.setInPlay(true);
    setShown(undefined);
    setFinalWin(undefined);
    setFree(undefined);
    setTotal(0);
    sound.play('click');
    const pressedAt = performance.now();
    startSpinning();
    try {
      const result = await api.bet(stake, {});
      ctx.placed(result);
      const outcome = result.round.outcome as SlotOutcome;
      const [base, ...freeSpins] = outcome.spins;
      if (!base) throw new Error('the slot answer has no spin');
      await stopOn(base, pressedAt, BASE_CYCLE_MS);
      let won = base.win;
      let awarded = base.freeSpinsAwarded;
      setTotal(won);
      await present(base, false);
      for (const [index, freeSpin] of freeSpins.entries()) {
        if (!alive.current) return;
        const startedAt = performance.now();
        setShown(undefined);
        setFree({ n: index + 1, of: awarded });
        startSpinning();
        await stopOn(freeSpin, startedAt, FREE_CYCLE_MS);
        won += freeSpin.win;
        awarded += freeSpin.freeSpinsAwarded;
        setTotal(won);
        setFree({ n: index + 1, of: awarded });
        await present(freeSpin, true);
      }
      setFinalWin(result.round.payout);
      if (freeSpins.length > 0 && result.round.payout > 0) sound.play('big-win');
      ctx.revealed(result);
    } catch (error) {
      setReels((before) => before.map((reel) => ({ ...reel, phase: 'idle' })));
      ctx.fail(error);
    } finally {
      if (alive.current) setBusy(false);
      ctx.setInPlay(false);
    }
  };

  const highlight = shown ? winningCells(shown) : new Set<string>();
  const visibleLines = shown
    ? activeLine < 0
      ? shown.lines
      : shown.lines.slice(activeLine, activeLine + 1)
    : [];
  const focusCells = new Set<string>();
  if (activeLine >= 0 && visibleLines[0]) {
    const rows = PAYLINES[visibleLines[0].line] ?? [];
    for (let reel = 0; reel < visibleLines[0].count; reel += 1) focusCells.add(`${reel}:${rows[reel]}`);
  }
  const lineText = (() => {
    const line = shown && activeLine >= 0 ? visibleLines[0] : undefined;
    if (!line) return undefined;
    return t('slot.lineWin', {
      line: line.line + 1,
      count: line.count,
      symbol: t(`slot.symbol.${line.symbol}` as 'slot.symbol.A'),
      amount: format(payoutOf(stake, line.win)),
    });
  })();
  const spinAmount = shown ? payoutOf(stake, shown.win) : 0;
  const lineBet = Math.floor(stake / PAYLINES.length);

  return (
    <div class="game slot">
      <SymbolSprite />
      <section class="stage slot__stage">
        <div class="slot__top">
          {free ? (
            <span class="slot__free" data-testid="free-spins">
              {t('slot.freeSpinOf', { n: free.n, total: free.of })} ·{' '}
              {t('slot.tripled', { multiplier: SLOT.freeSpins.multiplier })}
            </span>
          ) : (
            <span class="muted small">{t('slot.lineBet', { amount: format(lineBet) })}</span>
          )}
          {free ? (
            <strong class="slot__total" data-testid="slot-total">
              {t('slot.totalWin', { amount: format(payoutOf(stake, total)) })}
            </strong>
          ) : null}
        </div>
        <div class={`slot__machine${finalWin !== undefined && finalWin >= stake * 10 ? ' is-big' : ''}`}>
          <div class="slot__reels" data-testid="slot-reels">
            {reels.map((reel, reelIndex) => (
              <div class="reel" key={reelIndex}>
                <div
                  key={reel.key * 2 + (reel.phase === 'stopping' ? 1 : 0)}
                  class={`reel__strip is-${reel.phase}`}
                  style={{
                    '--n':
                      reel.phase === 'idle'
                        ? ROWS
                        : reel.phase === 'spinning'
                          ? reel.fillers.length * 2
                          : ROWS + reel.fillers.length,
                  }}
                >
                  {(reel.phase === 'spinning'
                    ? [...reel.fillers, ...reel.fillers]
                    : reel.phase === 'stopping'
                      ? [...reel.symbols, ...reel.fillers]
                      : reel.symbols
                  ).map((symbol, row) => {
                    const cell = `${reelIndex}:${row}`;
                    const settled = reel.phase !== 'spinning' && row < ROWS;
                    const lit = settled && highlight.has(cell);
                    const focused = settled && focusCells.has(cell);
                    return (
                      <div
                        key={row}
                        class={`cell${lit ? ' is-lit' : ''}${focused ? ' is-focus' : ''}${highlight.size > 0 && settled && !lit ? ' is-dim' : ''}`}
                        data-symbol={settled ? symbol : undefined}
                      >
                        <SlotSymbol id={symbol} class="cell__art" />
                      </div>
                    );
                  })}
                </div>
              </div>
            ))}
          </div>
          <svg class="slot__lines" viewBox="0 0 500 300" preserveAspectRatio="none" aria-hidden="true">
            {visibleLines.map((line) => (
              <polyline
                key={line.line}
                points={(PAYLINES[line.line] ?? [])
                  .map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`)
                  .join(' ')}
                stroke={LINE_COLOURS[line.line % LINE_COLOURS.length]}
              />
            ))}
          </svg>
          {banner ? (
            <div class="slot__banner" role="status">
              {banner}
            </div>
          ) : null}
        </div>
        <RoundResult ctx={ctx} payout={finalWin}>
          {lineText ??
            (shown && spinAmount > 0
              ? shown.scatterWin > 0 && shown.lines.length === 0
                ? t('slot.scatterWin', {
                    count: shown.scatters,
                    amount: format(payoutOf(stake, shown.scatterWin)),
                  })
                : t('result.win', { amount: format(spinAmount) })
              : null)}
        </RoundResult>
        {finalWin !== undefined && lineText ? <p class="slot__line-text">{lineText}</p> : null}
      </section>

      <section class="controls">
        <StakeField ctx={ctx} disabled={busy} />
        <PlayButton disabled={busy} onPlay={spin}>
          {busy ? t('slot.spinning') : t('slot.spin')}
        </PlayButton>
      </section>
    </div>
  );
}

/** The rules, the paytable at the player's stake (pays from packages/fair's slot) and the 20 paylines. */
export function Rules({ ctx }: { ctx: GameContext }) {
  const { t, stake, format } = ctx;
  const lineBet = stake / PAYLINES.length;
  const paying = [...SLOT.symbols].filter((symbol) => symbol.kind !== 'scatter').reverse();
  return (
    <div class="rules">
      {/* The symbols come from the sprite the game itself draws (the rules open over the game). */}
      <RulesList keys={RULES} t={t} />
      <h3>{t('slot.rules.paytable')}</h3>
      <table class="table paytable">
        <tbody>
          {paying.map((symbol) => (
            <tr key={symbol.id}>
              <td>
                <SlotSymbol id={symbol.id} class="paytable__art" />
                <span class="sr-only">{t(`slot.symbol.${symbol.id}` as 'slot.symbol.A')}</span>
              </td>
              {symbol.pays.map((pay, index) => (
                <td key={index}>
                  <span class="muted">{index + 3}×</span> {pay}
                  <br />
                  <small>{format(Math.floor(lineBet * pay))}</small>
                </td>
              ))}
            </tr>
          ))}
          <tr>
            <td>
              <SlotSymbol id="scatter" class="paytable__art" />
              <span class="sr-only">{t('slot.symbol.scatter')}</span>
            </td>
            {SLOT.scatterPays.slice(3).map((pay, index) => (
              <td key={index}>
                <span class="muted">{index + 3}×</span> {formatMultiplier(pay * MULTIPLIER_SCALE)}
                <br />
                <small>{format(stake * pay)}</small>
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      <p class="muted small">{t('slot.rules.scatter')}</p>
      <h3>{t('slot.rules.paylines')}</h3>
      <ol class="paylines">
        {PAYLINES.map((rows, line) => (
          <li key={line}>
            <svg viewBox="0 0 50 30" aria-label={String(line + 1)}>
              {Array.from({ length: REELS * ROWS }, (_, cell) => {
                const reel = Math.floor(cell / ROWS);
                const row = cell % ROWS;
                return (
                  <rect
                    key={cell}
                    x={reel * 10 + 1}
                    y={row * 10 + 1}
                    width="8"
                    height="8"
                    rx="1.5"
                    class={rows[reel] === row ? 'on' : ''}
                  />
                );
              })}
            </svg>
            <span>{line + 1}</span>
          </li>
        ))}
      </ol>
      <RulesCommon ctx={ctx} />
    </div>
  );
}
