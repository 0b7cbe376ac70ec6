import { parseAmountToMinor } from '@app/contracts/deposit-rules';
import {
  LIMIT_KINDS,
  LIMIT_NAMES,
  LIMIT_PERIODS,
  SESSION_LIMIT,
  SESSION_LIMIT_CHOICES,
  SESSION_PAUSE_MINUTES,
  type LimitName,
  type PlayerLimit,
  type PlayerLimits,
} from '@app/contracts/limits';
import { useEffect, useMemo, useState } from 'react';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { useSettings } from '../../../lib/settings.ts';
import { showToast } from '../../../lib/toast.ts';
import { useTimeFormat } from '../../../lib/use-date-format.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { limitsQuery } from '../api/get-limits.ts';
import { saveLimits } from '../api/save-limits.ts';
import '../components/settings.css';

type Drafts = Partial<Record<LimitName, string>>;

/**
 * A limit as the field shows it: a money limit's amount in force in major units, the session limit's in
 * minutes; empty for none.
 */
function draftOf(limit: PlayerLimit, scale: number): string {
  if (limit.amount === null) return '';
  return String(limit.name === SESSION_LIMIT ? limit.amount : limit.amount / scale);
}

/**
 * `/me/settings/limits` (login required; issue 25 §2): the player's deposit, loss and stake limits per day,
 * week and month, with what counts against each and when it resets, and the session time limit with the
 * session under way. A lower limit applies at once; a raise or an emptied field (no limit) after the
 * market's cooling-off, shown beside the limit until then.
 */
export function LimitsPage() {
  const { t } = useTranslation();
  const query = useQuery(limitsQuery());
  const [saved, setSaved] = useState<PlayerLimits | undefined>();
  const data = saved ?? query.data;
  return (
    <div className="settings">
      <NavBar title={t('limits.title')} />
      <div className="settings__body">
        {data ? (
          <LimitsForm limits={data} onSaved={setSaved} />
        ) : (
          <QueryStatus status={query.status} error={query.error} onRetry={() => void query.refetch()} />
        )}
      </div>
    </div>
  );
}

function LimitsForm({ limits, onSaved }: { limits: PlayerLimits; onSaved: (limits: PlayerLimits) => void }) {
  const { t } = useTranslation();
  const { country } = useSettings();
  const byName = useMemo(() => new Map(limits.limits.map((limit) => [limit.name, limit])), [limits]);
  const [drafts, setDrafts] = useState<Drafts>({});
  useEffect(() => setDrafts({}), [limits]);

  const valueOf = (name: LimitName) => drafts[name] ?? draftOf(byName.get(name)!, country.scale);
  const parsed = (name: LimitName): number | null | undefined => {
    const text = valueOf(name).trim();
    if (text === '') return null;
    // The session limit's minutes come from the choices offered.
    if (name === SESSION_LIMIT) return Number(text);
    const minor = parseAmountToMinor(text, country.scale);
    return minor !== undefined && minor > 0 ? minor : undefined;
  };
  const invalid = LIMIT_NAMES.filter((name) => parsed(name) === undefined);
  const changes = LIMIT_NAMES.filter(
    (name) => drafts[name] !== undefined && parsed(name) !== byName.get(name)!.amount,
  ).map((name) => ({ name, amount: parsed(name) as number | null }));

  const { busy, formProps } = useSubmit(invalid.length === 0 && changes.length > 0, async () => {
    onSaved(await saveLimits({ limits: changes }));
    showToast(t('limits.saved'), { kind: 'success' });
  });

  return (
    <form className="settings-form limits" aria-label={t('limits.title')} {...formProps}>
      <p className="limits__intro">{t('limits.intro', { hours: limits.coolingOffHours })}</p>
      {LIMIT_KINDS.map((kind) => (
        <fieldset key={kind} className="settings-card limits__kind" data-testid={`limits-${kind}`}>
          <legend className="settings-card__title">{t(`limits.kind.${kind}`)}</legend>
          <p className="limits__about">{t(`limits.about.${kind}`)}</p>
          {LIMIT_PERIODS.map((period) => {
            const name: LimitName = `${kind}:${period}`;
            return (
              <LimitField
                key={name}
                limit={byName.get(name)!}
                value={valueOf(name)}
                invalid={invalid.includes(name)}
                onChange={(value) => setDrafts((current) => ({ ...current, [name]: value }))}
              />
            );
          })}
        </fieldset>
      ))}
      <fieldset className="settings-card limits__kind" data-testid="limits-session">
        <legend className="settings-card__title">{t('limits.kind.session')}</legend>
        <p className="limits__about">{t('limits.about.session', { pause: SESSION_PAUSE_MINUTES })}</p>
        <SessionLimitField
          limit={byName.get(SESSION_LIMIT)!}
          value={valueOf(SESSION_LIMIT)}
          onChange={(value) => setDrafts((current) => ({ ...current, [SESSION_LIMIT]: value }))}
        />
      </fieldset>
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={busy || invalid.length > 0 || changes.length === 0}
        data-testid="limits-save"
      >
        {t('limits.save')}
      </button>
    </form>
  );
}

function LimitField({
  limit,
  value,
  invalid,
  onChange,
}: {
  limit: PlayerLimit;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const timeOf = useTimeFormat();
  const [kind, period] = limit.name.split(':') as [string, string];
  const id = `limit-${kind}-${period}`;
  const amount = (minor: number) => `${money.currency} ${money.format(minor)}`;
  const when = (epochMs: number) => timeOf(new Date(epochMs).toISOString());
  const status =
    limit.amount === null
      ? t('limits.none')
      : t('limits.used', { used: amount(Math.max(0, limit.used)), resets: when(limit.resetsAt) });
  return (
    <div className={`field limits__field${invalid ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {t(`limits.period.${period}`)}
      </label>
      <div className="field__box">
        <span className="field__prefix">{money.currency}</span>
        <input
          id={id}
          className="field__input"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('limits.placeholder')}
          value={value}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={`${id}-status`}
          data-testid={id}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      </div>
      <p id={`${id}-status`} className={invalid ? 'field__error' : 'field__hint'}>
        {invalid ? t('limits.invalid') : status}
      </p>
      <PendingChange id={id} pending={limit.pending} amountText={amount} />
    </div>
  );
}

/** A session's length as words: whole hours as hours, anything else as minutes. */
function useSessionLength(): (minutes: number) => string {
  const { t } = useTranslation();
  return (minutes) =>
    minutes > 0 && minutes % 60 === 0
      ? t('limits.sessionHours', { count: minutes / 60 })
      : t('limits.sessionMinutes', { count: minutes });
}

/**
 * The session time limit: a choice of lengths (and one an operator set, if it is not among them), with the
 * session under way, or when play may start again once it has reached the limit.
 */
function SessionLimitField({
  limit,
  value,
  onChange,
}: {
  limit: PlayerLimit;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const timeOf = useTimeFormat();
  const length = useSessionLength();
  const id = 'limit-session';
  const when = (epochMs: number) => timeOf(new Date(epochMs).toISOString());
  const choices: number[] = [...SESSION_LIMIT_CHOICES];
  if (limit.amount !== null && !choices.includes(limit.amount)) {
    choices.push(limit.amount);
    choices.sort((a, b) => a - b);
  }
  const status =
    limit.amount === null
      ? t('limits.none')
      : limit.used >= limit.amount
        ? t('limits.sessionReached', { when: when(limit.resetsAt) })
        : t('limits.sessionPlayed', { length: length(limit.used) });
  return (
    <div className="field limits__field">
      <label className="field__label" htmlFor={id}>
        {t('limits.sessionLabel')}
      </label>
      <div className="field__box">
        <select
          id={id}
          className="field__input"
          value={value}
          aria-describedby={`${id}-status`}
          data-testid={id}
          onChange={(event) => onChange(event.currentTarget.value)}
        >
          <option value="">{t('limits.placeholder')}</option>
          {choices.map((minutes) => (
            <option key={minutes} value={String(minutes)}>
              {length(minutes)}
            </option>
          ))}
        </select>
      </div>
      <p id={`${id}-status`} className="field__hint" data-testid={`${id}-status`}>
        {status}
      </p>
      <PendingChange id={id} pending={limit.pending} amountText={length} />
    </div>
  );
}

/** A raise or removal waiting for its cooling-off, under its limit; nothing when none waits. */
function PendingChange({
  id,
  pending,
  amountText,
}: {
  id: string;
  pending: PlayerLimit['pending'];
  amountText: (amount: number) => string;
}) {
  const { t } = useTranslation();
  const timeOf = useTimeFormat();
  if (!pending) return null;
  const when = timeOf(new Date(pending.appliesAt).toISOString());
  return (
    <p className="limits__pending" data-testid={`${id}-pending`}>
      {pending.amount === null
        ? t('limits.pendingRemoval', { when })
        : t('limits.pendingRaise', { amount: amountText(pending.amount), when })}
    </p>
  );
}
