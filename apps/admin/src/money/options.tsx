import { useState, type FormEvent } from 'react';
import { useCanAccess, useLocaleState } from 'ra-core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  optionContentSchema,
  type AdminSystemOption,
  type AdminSystemOptions,
} from '@app/contracts/back-office-money';
import { SYSTEM_OPTION } from '@app/contracts/config';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { ApiError, callAdminApi } from '../api.ts';
import { formatDate, formatMoney } from '../format.ts';
import { Denied, Pending } from '../players.tsx';
import { useText } from '../use-text.ts';
import { Outcome } from './decision.tsx';

const QUERY_KEY = ['system-options'];

/** The first problem the shared schema finds in an option's content (the server checks the same). */
function problemOf(type: number, content: string): string | null {
  const parsed = optionContentSchema(type).safeParse(content);
  if (parsed.success) return null;
  const [issue] = parsed.error.issues;
  return issue ? `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}` : null;
}

function useSave() {
  const queryClient = useQueryClient();
  return async (option: AdminSystemOption, content: string) => {
    const problem = problemOf(option.type, content);
    if (problem) throw new Error(problem);
    try {
      await callAdminApi<AdminSystemOption>(ADMIN_PATHS.systemOption.replace(':type', String(option.type)), {
        method: 'PUT',
        body: option.id === null ? { content } : { id: option.id, content },
      });
    } catch (caught) {
      // The server's validation message (the same schema), or the general text.
      throw caught instanceof ApiError && caught.status === 400 ? new Error(caught.message) : caught;
    }
    await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
  };
}

/** Minor units from a typed amount in the currency ("50000", "50,000.50"), or NaN. */
function minorOf(text: string): number {
  const cleaned = text.replace(/[\s,]/g, '');
  return /^\d+(\.\d{1,2})?$/.test(cleaned) ? Math.round(Number(cleaned) * 100) : Number.NaN;
}

type Amounts = { automaticUpTo: number; twoApproversAbove: number };

/** The amounts option 6003 holds, when it holds valid ones (as the server reads it). */
function approvalAmountsOf(content: string): Amounts | null {
  if (!content || problemOf(SYSTEM_OPTION.WITHDRAW_APPROVAL, content)) return null;
  return JSON.parse(content) as Amounts;
}

/** Option 6003 as two amounts in the currency, over the shared schema. */
function ApprovalAmounts({ data }: { data: AdminSystemOptions }) {
  const t = useText();
  const [language] = useLocaleState();
  const save = useSave();
  const option = data.options.find((each) => each.type === SYSTEM_OPTION.WITHDRAW_APPROVAL);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  if (!option) return null;
  const money = (minor: number) => formatMoney(minor, language);
  const current = approvalAmountsOf(option.content);
  const market = data.marketWithdrawalApproval;
  const shown = current ?? market;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const content = JSON.stringify({
      automaticUpTo: minorOf(String(form.get('automaticUpTo') ?? '')),
      twoApproversAbove: minorOf(String(form.get('twoApproversAbove') ?? '')),
    });
    setSaved(false);
    setError(null);
    try {
      await save(option, content);
      setSaved(true);
    } catch (caught) {
      setError(caught instanceof Error && !(caught instanceof ApiError) ? caught.message : t('app.error'));
    }
  };
  return (
    <form
      className="card panel"
      aria-label={t('options.approvalTitle')}
      onSubmit={(event) => void submit(event)}
    >
      <h2>{t('options.approvalTitle')}</h2>
      <p className="muted">{t('options.approvalIntro')}</p>
      <p>
        {current
          ? t('options.current', {
              automatic: money(current.automaticUpTo),
              two: money(current.twoApproversAbove),
            })
          : t('options.market', {
              automatic: money(market.automaticUpTo),
              two: money(market.twoApproversAbove),
            })}
      </p>
      <div className="fields">
        <label>
          {t('options.automaticUpTo')}
          <input
            name="automaticUpTo"
            inputMode="decimal"
            required
            defaultValue={String(shown.automaticUpTo / 100)}
          />
        </label>
        <label>
          {t('options.twoApproversAbove')}
          <input
            name="twoApproversAbove"
            inputMode="decimal"
            required
            defaultValue={String(shown.twoApproversAbove / 100)}
          />
        </label>
        <button type="submit">{t('options.save')}</button>
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <Outcome>{saved && t('options.saved')}</Outcome>
    </form>
  );
}

/** One option's row: its content, editable in place and checked by its schema before it is sent. */
function OptionRow({ option }: { option: AdminSystemOption }) {
  const t = useText();
  const [language] = useLocaleState();
  const save = useSave();
  const [editing, setEditing] = useState(false);
  const [content, setContent] = useState(option.content);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await save(option, content);
      setEditing(false);
    } catch (caught) {
      setError(caught instanceof Error && !(caught instanceof ApiError) ? caught.message : t('app.error'));
    }
  };
  return (
    <tr>
      <td className="number">{option.type}</td>
      <td>
        {option.name}
        {option.platform !== 0 && <div className="muted">platform {option.platform}</div>}
        {option.operatorOnly && <span className="badge">{t('options.operatorOnly')}</span>}
      </td>
      <td className="option-content">
        {editing ? (
          <form aria-label={`${t('options.edit')} ${option.type}`} onSubmit={(event) => void submit(event)}>
            <textarea
              aria-label={t('options.content')}
              value={content}
              rows={3}
              onInput={(event) => setContent(event.currentTarget.value)}
            />
            {error && (
              <p className="error" role="alert">
                {error}
              </p>
            )}
            <div className="actions">
              <button type="submit">{t('options.save')}</button>
              <button type="button" className="secondary" onClick={() => setEditing(false)}>
                {t('money.cancel')}
              </button>
            </div>
          </form>
        ) : (
          <code>{option.content || t('options.notSet')}</code>
        )}
      </td>
      <td>{formatDate(option.updatedAt, language)}</td>
      <td>
        {!editing && (
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setContent(option.content);
              setEditing(true);
            }}
          >
            {t('options.edit')}
          </button>
        )}
      </td>
    </tr>
  );
}

/**
 * System options (issue 26 §3): every option as stored, the operator-only ones included, each changed in
 * place; the withdrawal approval amounts (6003) as a form of their own. Each change is checked by the
 * option's shared schema here and again on the server, and audited there with before and after.
 */
export function SystemOptions() {
  const t = useText();
  const { canAccess, isPending: checking } = useCanAccess({ resource: 'system-options', action: 'list' });
  const list = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => callAdminApi<AdminSystemOptions>(ADMIN_PATHS.systemOptions),
    enabled: canAccess === true,
  });
  if (checking) return <Pending />;
  if (!canAccess) return <Denied />;
  if (!list.data) return <Pending error={list.error} />;
  return (
    <section>
      <h1>{t('options.title')}</h1>
      <p className="muted">{t('options.intro')}</p>
      <ApprovalAmounts data={list.data} />
      <table className="table">
        <thead>
          <tr>
            <th>{t('options.type')}</th>
            <th>{t('options.name')}</th>
            <th>{t('options.content')}</th>
            <th>{t('options.updated')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {list.data.options.map((option) => (
            <OptionRow key={`${option.type}-${option.id ?? 'new'}`} option={option} />
          ))}
        </tbody>
      </table>
    </section>
  );
}
