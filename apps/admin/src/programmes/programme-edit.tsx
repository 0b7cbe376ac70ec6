import { useState, type FormEvent } from 'react';
import { LinkBase, useCanAccess, useCreatePath, useDataProvider, useGetOne, useParams } from 'ra-core';
import { ApiError } from '../api.ts';
import { Denied, Pending } from '../players.tsx';
import { useText } from '../use-text.ts';
import { programmeName, StateBadge } from './programme-list.tsx';
import type { ProgrammeRecord } from './provider.ts';
import { SettingsForm } from './settings-form.tsx';
import type { JsonSchema } from './settings-schema.ts';

type Draft = { enabled: boolean; settings: Record<string, unknown> };

/**
 * One programme's switch and settings (issue 26 §5), the form generated from the settings' schema and
 * units. Saving sends the whole settings to the programme's PUT, which checks them with the programme's
 * own schema and records the change in the audit log (who, when, before, after); its field errors show
 * beside their fields. The saved settings are read back from the server.
 */
export function ProgrammeEdit() {
  const t = useText();
  const { id } = useParams<{ id: string }>();
  const { canAccess, isPending: checking } = useCanAccess({ resource: 'programmes', action: 'edit' });
  const { canAccess: canWrite } = useCanAccess({ resource: 'programmes', action: 'write' });
  const listPath = useCreatePath()({ resource: 'programmes', type: 'list' });
  const dataProvider = useDataProvider();
  const loaded = useGetOne<ProgrammeRecord>('programmes', { id: id ?? '' }, { enabled: Boolean(id) });
  const [draft, setDraft] = useState<Draft>();
  // Each reload of the saved settings remounts the form, so every field shows the stored value.
  const [version, setVersion] = useState(0);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<{ saved: true } | { error: unknown }>();
  if (checking) return <Pending />;
  if (!canAccess) return <Denied />;
  const record = loaded.data && 'form' in loaded.data ? loaded.data : undefined;
  if (!record) return <Pending error={loaded.error} />;
  const current: Draft = draft ?? { enabled: record.operatorEnabled, settings: record.settings };
  const fieldErrors =
    outcome && 'error' in outcome && outcome.error instanceof ApiError ? outcome.error.fields : [];
  // A field may break two rules (too small, and not covering its packets): both show beside it.
  const errors: Record<string, string> = {};
  for (const { field, message } of fieldErrors) {
    errors[field] = errors[field] ? `${errors[field]}; ${message}` : message;
  }

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setOutcome(undefined);
    try {
      await dataProvider.update('programmes', { id: record.code, data: current, previousData: record });
      await loaded.refetch();
      setDraft(undefined);
      setVersion((each) => each + 1);
      setOutcome({ saved: true });
    } catch (error) {
      setOutcome({ error });
    } finally {
      setSaving(false);
    }
  };
  const disabled = !canWrite || saving;
  return (
    <section>
      <p>
        <LinkBase to={listPath}>← {t('programmes.back')}</LinkBase>
      </p>
      <h1>
        {programmeName(t, record.code)} <StateBadge programme={record} />
      </h1>
      <p className="muted">
        {t('programmes.account', { account: record.budgetAccount })} · {t('programmes.audited')}
      </p>
      {!canWrite && <p className="notice">{t('programmes.readOnly')}</p>}
      <form className="card programme-form" onSubmit={save} noValidate>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={current.enabled}
            disabled={disabled}
            onChange={(event) => setDraft({ ...current, enabled: event.currentTarget.checked })}
          />
          {t('programmes.enabled')}
        </label>
        {!record.allowedInMarket && <p className="notice">{t('programmes.lawOff')}</p>}
        <SettingsForm
          key={version}
          schema={record.form.schema as JsonSchema}
          units={record.form.units}
          value={current.settings}
          errors={errors}
          disabled={disabled}
          onChange={(settings) => setDraft({ ...current, settings })}
        />
        {outcome && 'error' in outcome && (
          <div className="error" role="alert">
            {fieldErrors.length > 0 ? (
              <>
                <p>{t('programmes.invalid')}</p>
                <ul>
                  {fieldErrors.map((each, index) => (
                    <li key={index}>
                      <code>{each.field}</code>: {each.message}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p>{t('app.error')}</p>
            )}
          </div>
        )}
        {outcome && 'saved' in outcome && (
          <p className="notice" role="status">
            {t('programmes.saved')}
          </p>
        )}
        {canWrite && (
          <p>
            <button type="submit" disabled={saving}>
              {saving ? t('programmes.saving') : t('programmes.save')}
            </button>
          </p>
        )}
      </form>
    </section>
  );
}
