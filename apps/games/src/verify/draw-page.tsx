import type { Language } from '@app/contracts/config';
import type { BeaconChain, DrawPublic } from '@app/contracts/draws';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { FAIR_VERIFY_PAGE } from '@app/contracts/paths';
import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { errorText } from '../lib/api.ts';
import type { Translate } from '../lib/i18n.ts';
import { pageTimeZone } from '../lib/time-zone.ts';
import { ticketNoFromSearch } from '../lib/verify-link.ts';
import type { MessageKey } from '../locales/en.ts';
import { createDrawApi, TICKET_PAGE_SIZE, type DrawApi } from './draw-api.ts';
import {
  checkBeacon,
  checkInclusion,
  checkOutcome,
  checkSchedule,
  chainName,
  overallState,
  recomputeList,
  roundTimeOrNull,
  type BeaconCheck,
  type CheckState,
  type InclusionCheck,
  type ListCheck,
  type LotteryNumbers,
  type OutcomeCheck,
} from './draw-checks.ts';
import './verify.css';
import './draw.css';

/** A step's badge: the checks' state, or for the list step, not run yet / running. */
type StepState = CheckState | 'idle' | 'checking';

type Phase =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; draw: DrawPublic; chain: BeaconChain };

/**
 * /game-center/fair/draw/{drawId}[?ticketNo=]: one draw checked in the browser, step by step
 * (docs/draws.md): the round fixed in advance, the ticket list committed at close (the player's ticket in
 * it, or the whole list's root), the beacon's BLS signature, and the outcome recomputed with packages/fair.
 */
export function DrawPage(props: {
  t: Translate;
  language: Language;
  drawId: number;
  search: string;
  api?: DrawApi;
}) {
  const { t, language, drawId } = props;
  const api = useMemo(() => props.api ?? createDrawApi(language), [props.api, language]);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [refreshing, setRefreshing] = useState(false);

  const describe = useCallback(
    (error: unknown) =>
      errorText(error, language, (code) => {
        const key = `error.${code}` as MessageKey;
        const translated = t(key);
        return translated === key ? undefined : translated;
      }),
    [language, t],
  );

  const load = useCallback(() => {
    setRefreshing(true);
    // Both reads together; when both fail, the draw's own answer (no such draw) is the one worth saying.
    void Promise.allSettled([api.draw(drawId), api.chain()])
      .then(([draw, chain]) => {
        if (draw.status === 'rejected') setPhase({ kind: 'failed', message: describe(draw.reason) });
        else if (chain.status === 'rejected') setPhase({ kind: 'failed', message: describe(chain.reason) });
        else setPhase({ kind: 'ready', draw: draw.value, chain: chain.value });
      })
      .finally(() => setRefreshing(false));
  }, [api, drawId, describe]);

  useEffect(load, [load]);

  return (
    <main class="verify draw-verify">
      <header class="verify__header">
        <h1>{t('draw.title', { id: drawId })}</h1>
        <span class="verify__links">
          <a class="link small" href={FAIR_VERIFY_PAGE}>
            {t('draw.toBets')}
          </a>
          <a class="link small" href={PAGE_PATHS.home} data-testid="verify-to-app">
            {t('verify.toApp')}
          </a>
        </span>
      </header>
      <p class="muted">{t('draw.intro')}</p>
      {phase.kind === 'loading' ? (
        <div class="status" aria-busy="true" data-testid="draw-loading">
          <span class="spinner" aria-hidden="true" />
          <p>{t('draw.loading')}</p>
        </div>
      ) : phase.kind === 'failed' ? (
        <div class="draw-failed" role="alert" data-testid="draw-failed">
          <p class="warn">{phase.message}</p>
          <button type="button" class="button" onClick={load} disabled={refreshing}>
            {t('draw.retry')}
          </button>
        </div>
      ) : (
        <DrawSteps
          key={`${phase.draw.id}:${phase.draw.status}:${phase.draw.beaconSignature ?? ''}`}
          t={t}
          language={language}
          draw={phase.draw}
          chain={phase.chain}
          api={api}
          initialTicketNo={ticketNoFromSearch(props.search)}
          refresh={load}
          refreshing={refreshing}
          describe={describe}
        />
      )}
    </main>
  );
}

function DrawSteps(props: {
  t: Translate;
  language: Language;
  draw: DrawPublic;
  chain: BeaconChain;
  api: DrawApi;
  initialTicketNo: number | undefined;
  refresh: () => void;
  refreshing: boolean;
  describe: (error: unknown) => string;
}) {
  const { t, draw, chain } = props;
  const format = useMemo(
    () =>
      new Intl.DateTimeFormat(props.language, {
        dateStyle: 'medium',
        timeStyle: 'long',
        timeZone: pageTimeZone(),
      }),
    [props.language],
  );
  const time = (value: string | number) => format.format(new Date(value));

  const schedule = useMemo(() => checkSchedule(draw, chain), [draw, chain]);
  const outcome = useMemo(() => checkOutcome(draw), [draw]);
  const beacon = useBeaconCheck(draw, chain);
  const [inclusion, setInclusion] = useState<InclusionCheck | 'checking' | undefined>();
  const [list, setList] = useState<ListCheck | 'checking' | undefined>();

  const committed = draw.ticketRoot !== null;
  const drawn = draw.beaconSignature !== null;
  const listState: StepState = !committed
    ? 'waiting'
    : inclusion === 'checking' || list === 'checking'
      ? 'checking'
      : inclusion || list
        ? overallState([inclusion?.state ?? 'pass', list?.state ?? 'pass'])
        : 'idle';
  const beaconState: StepState = !drawn ? 'waiting' : beacon === 'checking' ? 'checking' : beacon.state;
  const outcomeState: StepState = outcome === null ? 'waiting' : outcome.state;
  const states = [schedule.state, listState, beaconState, outcomeState];
  const verdict: StepState = states.includes('fail')
    ? 'fail'
    : states.includes('checking')
      ? 'checking'
      : states.includes('waiting')
        ? 'waiting'
        : 'pass';
  const roundTimeMs = roundTimeOrNull(chain, draw.beaconRound);
  const winningTicket =
    outcome?.kind === 'raffle' && inclusion && inclusion !== 'checking' && inclusion.state === 'pass'
      ? outcome.recomputed.includes(inclusion.ticketNo)
        ? inclusion.ticketNo
        : undefined
      : undefined;

  return (
    <>
      <section
        class={`draw-verdict draw-verdict--${verdict}`}
        data-testid="draw-verdict"
        data-state={verdict}
      >
        <p>{t(`draw.verdict.${verdict}`)}</p>
        {verdict === 'waiting' ? (
          <button
            type="button"
            class="button button--small"
            onClick={props.refresh}
            disabled={props.refreshing}
            data-testid="draw-refresh"
          >
            {t('draw.refresh')}
          </button>
        ) : null}
      </section>

      <Step n={1} title={t('draw.step1')} state={schedule.state} t={t}>
        <dl class="draw-facts">
          <Fact label={t('draw.product')}>{t(`draw.productName.${draw.product}`)}</Fact>
          <Fact label={t('draw.ref')}>{draw.ref}</Fact>
          <Fact label={t('draw.status')}>
            <span data-testid="draw-status">{t(`draw.statusName.${draw.status}`)}</span>
          </Fact>
          <Fact label={t('draw.salesCloseAt')}>{time(draw.salesCloseAt)}</Fact>
          <Fact label={t('draw.drawAt')}>{time(draw.drawAt)}</Fact>
          <Fact label={t('draw.round')}>
            <span data-testid="draw-round">{draw.beaconRound}</span>
            {roundTimeMs === null ? null : (
              <span class="muted"> · {t('draw.roundAt', { time: time(roundTimeMs) })}</span>
            )}
          </Fact>
          {draw.closedAt ? <Fact label={t('draw.closedAt')}>{time(draw.closedAt)}</Fact> : null}
        </dl>
        <ul class="draw-checks">
          <Check ok={schedule.roundMatches} t={t} testId="draw-check-round">
            {t('draw.check.round', { round: schedule.expectedRound ?? '?' })}
          </Check>
          <Check ok={schedule.afterSalesClose} t={t} testId="draw-check-after-close">
            {t('draw.check.afterClose')}
          </Check>
          {schedule.closedBeforeRound === null ? null : (
            <Check ok={schedule.closedBeforeRound} t={t} testId="draw-check-closed-before">
              {t('draw.check.closedBefore')}
            </Check>
          )}
        </ul>
      </Step>

      <Step n={2} title={t('draw.step2')} state={listState} t={t}>
        {committed ? (
          <>
            <dl class="draw-facts">
              <Fact label={t('draw.tickets')}>
                <span data-testid="draw-ticket-count">{draw.ticketCount.toLocaleString(props.language)}</span>
              </Fact>
              <Fact label={t('draw.root')}>
                <Hex value={draw.ticketRoot ?? ''} t={t} testId="draw-root" />
              </Fact>
            </dl>
            <TicketCheck
              t={t}
              draw={draw}
              api={props.api}
              initialTicketNo={props.initialTicketNo}
              result={inclusion}
              onResult={setInclusion}
              describe={props.describe}
            />
            <ListRecompute
              t={t}
              language={props.language}
              draw={draw}
              api={props.api}
              result={list}
              onResult={setList}
            />
          </>
        ) : (
          <p class="muted" data-testid="draw-list-waiting">
            {t('draw.list.waiting', { time: time(draw.salesCloseAt) })}
          </p>
        )}
      </Step>

      <Step n={3} title={t('draw.step3')} state={beaconState} t={t}>
        <ChainFacts t={t} chain={chain} time={time} />
        {!drawn ? (
          <p class="muted" data-testid="draw-beacon-waiting">
            {draw.delayReason
              ? t('draw.beacon.delayed', { reason: draw.delayReason })
              : t('draw.beacon.waiting', {
                  round: draw.beaconRound,
                  time: roundTimeMs === null ? '?' : time(roundTimeMs),
                })}
          </p>
        ) : (
          <BeaconFacts t={t} draw={draw} check={beacon} />
        )}
      </Step>

      <Step n={4} title={t('draw.step4')} state={outcomeState} t={t}>
        {outcome === null ? (
          <p class="muted" data-testid="draw-outcome-waiting">
            {t('draw.outcome.waiting', { round: draw.beaconRound })}
          </p>
        ) : (
          <OutcomeFacts t={t} outcome={outcome} winningTicket={winningTicket} />
        )}
      </Step>
    </>
  );
}

/**
 * The BLS pairing takes a noticeable moment on a slow phone: the page paints its other steps first and
 * checks the signature just after.
 */
function useBeaconCheck(draw: DrawPublic, chain: BeaconChain): BeaconCheck | 'checking' {
  const [check, setCheck] = useState<BeaconCheck | 'checking'>('checking');
  useEffect(() => {
    setCheck('checking');
    if (draw.beaconSignature === null) return undefined;
    const timer = setTimeout(() => setCheck(checkBeacon(draw, chain) ?? 'checking'), 0);
    return () => clearTimeout(timer);
  }, [draw, chain]);
  return check;
}

function Step(props: {
  n: number;
  title: string;
  state: StepState;
  t: Translate;
  children: ComponentChildren;
}) {
  const icon = { pass: '✓', fail: '✗', waiting: '…', idle: '○', checking: '…' }[props.state];
  return (
    <section
      class={`draw-step draw-step--${props.state}`}
      data-testid={`draw-step-${props.n}`}
      data-state={props.state}
    >
      <header class="draw-step__head">
        <span class="draw-step__n" aria-hidden="true">
          {props.n}
        </span>
        <h2>{props.title}</h2>
        <span class="draw-step__badge" data-testid={`draw-step-${props.n}-state`}>
          <span aria-hidden="true">{icon}</span> {props.t(`draw.state.${props.state}`)}
        </span>
      </header>
      {props.children}
    </section>
  );
}

function Fact(props: { label: string; children: ComponentChildren }) {
  return (
    <>
      <dt>{props.label}</dt>
      <dd>{props.children}</dd>
    </>
  );
}

function Check(props: { ok: boolean; t: Translate; testId: string; children: ComponentChildren }) {
  return (
    <li class={props.ok ? 'win' : 'warn'} data-testid={props.testId} data-ok={String(props.ok)}>
      <span aria-hidden="true">{props.ok ? '✓ ' : '✗ '}</span>
      {props.children}
      {props.ok ? null : <strong> — {props.t('draw.check.false')}</strong>}
    </li>
  );
}

/** A hash or key: shortened, with the whole value one tap away and a copy button. */
export function Hex(props: { value: string; t: Translate; testId?: string }) {
  const { value, t } = props;
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const long = value.length > 24;
  const copy = () => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (!clipboard) {
      // No clipboard (an insecure origin): the whole value, for the player to select.
      setOpen(true);
      return;
    }
    clipboard.writeText(value).then(
      () => setCopied(true),
      () => setOpen(true),
    );
  };
  return (
    <span class="hex">
      <code class="mono hex__value" data-testid={props.testId} data-value={value} title={value}>
        {open || !long ? value : `${value.slice(0, 12)}…${value.slice(-8)}`}
      </code>
      {long ? (
        <button type="button" class="hex__button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t('draw.hex.hide') : t('draw.hex.show')}
        </button>
      ) : null}
      <button type="button" class="hex__button" onClick={copy}>
        {copied ? t('draw.hex.copied') : t('draw.hex.copy')}
      </button>
    </span>
  );
}

function TicketCheck(props: {
  t: Translate;
  draw: DrawPublic;
  api: DrawApi;
  initialTicketNo: number | undefined;
  result: InclusionCheck | 'checking' | undefined;
  onResult: (result: InclusionCheck | 'checking' | undefined) => void;
  describe: (error: unknown) => string;
}) {
  const { t, draw, api, result, onResult, describe } = props;
  const [text, setText] = useState(props.initialTicketNo === undefined ? '' : String(props.initialTicketNo));
  const [problem, setProblem] = useState<string | undefined>();

  const check = useCallback(
    (entered: string) => {
      const ticketNo = /^\d{1,10}$/.test(entered.trim()) ? Number(entered.trim()) : 0;
      if (ticketNo < 1 || ticketNo > draw.ticketCount) {
        setProblem(
          draw.ticketCount === 0
            ? t('draw.ticket.none')
            : t('draw.ticket.range', { count: draw.ticketCount }),
        );
        onResult(undefined);
        return;
      }
      setProblem(undefined);
      onResult('checking');
      api.proof(draw.id, ticketNo).then(
        (proof) => onResult(checkInclusion(draw, ticketNo, proof)),
        (error: unknown) => {
          setProblem(describe(error));
          onResult(undefined);
        },
      );
    },
    [api, draw, onResult, t, describe],
  );

  // A link with the player's ticket checks it at once.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || props.initialTicketNo === undefined) return;
    started.current = true;
    check(String(props.initialTicketNo));
  }, [check, props.initialTicketNo]);

  return (
    <div class="draw-ticket">
      <form
        class="draw-ticket__form"
        onSubmit={(event) => {
          event.preventDefault();
          check(text);
        }}
      >
        <label class="field">
          <span>{t('draw.ticketNo')}</span>
          <input
            value={text}
            inputMode="numeric"
            autoComplete="off"
            data-testid="draw-ticket-input"
            onInput={(event) => setText(event.currentTarget.value)}
          />
        </label>
        <button type="submit" class="button" disabled={result === 'checking'} data-testid="draw-ticket-check">
          {t('draw.checkTicket')}
        </button>
      </form>
      <p class="muted small">{t('draw.ticket.help')}</p>
      {problem ? (
        <p class="warn" data-testid="draw-ticket-problem">
          {problem}
        </p>
      ) : null}
      {result === 'checking' ? <p class="muted">{t('draw.ticket.checking')}</p> : null}
      {result && result !== 'checking' ? (
        <div data-testid="draw-ticket-result" data-state={result.state}>
          <dl class="draw-facts">
            <Fact label={t('draw.ticket.line')}>
              <code class="mono" data-testid="draw-ticket-line">
                {result.line}
              </code>
            </Fact>
          </dl>
          <ul class="draw-checks">
            <Check ok={result.lineIsTicket} t={t} testId="draw-check-line">
              {t('draw.check.lineIsTicket', { ticketNo: result.ticketNo })}
            </Check>
            <Check ok={result.inRoot} t={t} testId="draw-check-in-root">
              {t('draw.check.inRoot')}
            </Check>
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function ListRecompute(props: {
  t: Translate;
  language: Language;
  draw: DrawPublic;
  api: DrawApi;
  result: ListCheck | 'checking' | undefined;
  onResult: (result: ListCheck | 'checking' | undefined) => void;
}) {
  const { t, draw, api, result, onResult } = props;
  const [read, setRead] = useState(0);
  const [problem, setProblem] = useState<string | undefined>();
  const unmounted = useRef(false);
  useEffect(
    () => () => {
      unmounted.current = true;
    },
    [],
  );
  const number = (value: number) => value.toLocaleString(props.language);

  const start = () => {
    setProblem(undefined);
    setRead(0);
    onResult('checking');
    recomputeList(
      draw,
      (after) => api.tickets(draw.id, after, TICKET_PAGE_SIZE),
      (lines) => {
        if (!unmounted.current) setRead(lines);
      },
      () => unmounted.current,
    ).then(
      (check) => {
        if (check) onResult(check);
      },
      () => {
        if (unmounted.current) return;
        setProblem(t('draw.list.failed'));
        onResult(undefined);
      },
    );
  };

  return (
    <div class="draw-list">
      <button
        type="button"
        class="button"
        onClick={start}
        disabled={result === 'checking'}
        data-testid="draw-list-check"
      >
        {t('draw.checkList')}
      </button>
      {result === 'checking' ? (
        <p class="muted" data-testid="draw-list-progress">
          <progress max={Math.max(draw.ticketCount, 1)} value={read} />{' '}
          {t('draw.list.progress', { done: number(read), count: number(draw.ticketCount) })}
        </p>
      ) : null}
      {problem ? <p class="warn">{problem}</p> : null}
      {result && result !== 'checking' ? (
        <div data-testid="draw-list-result" data-state={result.state}>
          <dl class="draw-facts">
            <Fact label={t('draw.list.recomputedRoot')}>
              <Hex value={result.root} t={t} testId="draw-list-root" />
            </Fact>
          </dl>
          <ul class="draw-checks">
            <Check ok={result.rootMatches} t={t} testId="draw-check-list-root">
              {t('draw.check.listRoot', { count: number(result.count) })}
            </Check>
            <Check ok={result.countMatches} t={t} testId="draw-check-list-count">
              {t('draw.check.listCount', { count: number(draw.ticketCount) })}
            </Check>
            <Check ok={result.firstOutOfOrder === null} t={t} testId="draw-check-list-order">
              {t('draw.check.listOrder')}
            </Check>
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function ChainFacts(props: { t: Translate; chain: BeaconChain; time: (value: number) => string }) {
  const { t, chain } = props;
  const name = chainName(chain);
  return (
    <>
      <dl class="draw-facts">
        <Fact label={t('draw.chain')}>
          <span data-testid="draw-chain-name">{t(`draw.chainName.${name}`)}</span>
        </Fact>
        <Fact label={t('draw.chainHash')}>
          <Hex value={chain.chainHash} t={t} />
        </Fact>
        <Fact label={t('draw.publicKey')}>
          <Hex value={chain.publicKey} t={t} />
        </Fact>
        <Fact label={t('draw.genesis')}>
          {t('draw.genesisPeriod', { time: props.time(chain.genesis * 1000), period: chain.period })}
        </Fact>
      </dl>
      {name === 'simulator' ? <p class="warn small">{t('draw.chainSimulatorNote')}</p> : null}
    </>
  );
}

function BeaconFacts(props: { t: Translate; draw: DrawPublic; check: BeaconCheck | 'checking' }) {
  const { t, draw, check } = props;
  return (
    <>
      <dl class="draw-facts">
        <Fact label={t('draw.signature', { round: draw.beaconRound })}>
          <Hex value={draw.beaconSignature ?? ''} t={t} testId="draw-signature" />
        </Fact>
        <Fact label={t('draw.randomness')}>
          <Hex value={draw.randomness ?? ''} t={t} testId="draw-randomness" />
        </Fact>
      </dl>
      {check === 'checking' ? (
        <p class="muted" data-testid="draw-beacon-checking">
          {t('draw.beacon.checking')}
        </p>
      ) : (
        <ul class="draw-checks">
          <Check ok={check.chain !== 'unknown'} t={t} testId="draw-check-chain">
            {t('draw.check.chainKnown')}
          </Check>
          <Check ok={check.signatureValid} t={t} testId="draw-check-signature">
            {t('draw.check.signature', { round: draw.beaconRound })}
          </Check>
          <Check ok={check.randomnessMatches} t={t} testId="draw-check-randomness">
            {t('draw.check.randomness')}
          </Check>
        </ul>
      )}
    </>
  );
}

function Balls(props: { numbers: LotteryNumbers; testId: string }) {
  const two = (value: number) => String(value).padStart(2, '0');
  return (
    <ol
      class="draw-balls"
      data-testid={props.testId}
      data-value={`${props.numbers.red.map(two).join(' ')}+${two(props.numbers.blue)}`}
    >
      {props.numbers.red.map((value, index) => (
        <li key={index} class="draw-ball">
          {two(value)}
        </li>
      ))}
      <li class="draw-ball draw-ball--blue">{two(props.numbers.blue)}</li>
    </ol>
  );
}

function Tickets(props: { tickets: readonly number[]; testId: string; t: Translate }) {
  return (
    <ol class="draw-winners mono" data-testid={props.testId} data-value={props.tickets.join(',')}>
      {props.tickets.length === 0 ? <li class="muted">{props.t('draw.outcome.none')}</li> : null}
      {props.tickets.map((ticketNo, index) => (
        <li key={index}>#{ticketNo}</li>
      ))}
    </ol>
  );
}

function OutcomeFacts(props: { t: Translate; outcome: OutcomeCheck; winningTicket: number | undefined }) {
  const { t, outcome } = props;
  if (outcome.kind === 'unreadable') {
    return (
      <p class="warn" data-testid="draw-outcome-unreadable">
        {t('draw.outcome.unreadable')}
      </p>
    );
  }
  const matches = outcome.state === 'pass';
  return (
    <>
      {outcome.kind === 'lottery' ? (
        <dl class="draw-facts">
          <Fact label={t('draw.outcome.numbers')}>
            <Balls numbers={outcome.recomputed} testId="draw-outcome-recomputed" />
          </Fact>
          <Fact label={t('draw.outcome.published')}>
            {outcome.published ? (
              <Balls numbers={outcome.published} testId="draw-outcome-published" />
            ) : (
              <span class="warn">{t('draw.outcome.unreadable')}</span>
            )}
          </Fact>
        </dl>
      ) : (
        <dl class="draw-facts">
          <Fact label={t('draw.outcome.winners', { count: outcome.recomputed.length })}>
            <Tickets tickets={outcome.recomputed} testId="draw-outcome-recomputed" t={t} />
          </Fact>
          <Fact label={t('draw.outcome.publishedWinners')}>
            <Tickets tickets={outcome.published ?? []} testId="draw-outcome-published" t={t} />
          </Fact>
        </dl>
      )}
      <ul class="draw-checks">
        <Check ok={matches} t={t} testId="draw-check-outcome">
          {t('draw.check.outcome')}
        </Check>
      </ul>
      {props.winningTicket === undefined ? null : (
        <p class="win" data-testid="draw-ticket-wins">
          {t('draw.outcome.yourTicketWins', { ticketNo: props.winningTicket })}
        </p>
      )}
    </>
  );
}
