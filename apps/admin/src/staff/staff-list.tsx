import { useState, type FormEvent } from 'react';
import { useCanAccess, useGetIdentity, useLocaleState } from 'ra-core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ERRORS } from '@app/contracts/errors';
import { ADMIN_PATHS } from '@app/contracts/paths';
import {
  CreateStaffRequestSchema,
  ROLES,
  StaffReasonRequestSchema,
  type CreatedStaff,
  type RolePermissions,
  type Staff,
  type StaffListEntry,
} from '@app/contracts/staff';
import { callAdminApi } from '../api.ts';
import { formatDate } from '../format.ts';
import { DecisionActions, Outcome, refusalText, useDecisionSubmit } from '../money/decision.tsx';
import { Denied, Pending } from '../players.tsx';
import type { TextKey } from '../texts.ts';
import { useText } from '../use-text.ts';
import './staff.css';

const QUERY_KEY = ['staff'];

/** The texts for the refusals an administrator can act on; anything else is the general one. */
/** The refusals of the staff routes a staff manager can act on (money/decision.tsx `refusalText`). */
const STAFF_REFUSALS: Partial<Record<number, TextKey>> = {
  [ERRORS.STAFF_EXISTS.code]: 'staff.taken',
  [ERRORS.STAFF_PASSWORD_RULE.code]: 'staff.passwordRule',
  [ERRORS.STAFF_SELF_CHANGE.code]: 'staff.selfChange',
  [ERRORS.VALIDATION.code]: 'staff.invalid',
};

const path = (template: string, id: number) => template.replace(':id', String(id));

/** The roles as checkboxes named `role`; `checked` gives the ones ticked at first. */
function RoleChoices({ checked, legend }: { checked: readonly string[]; legend: string }) {
  const t = useText();
  return (
    <fieldset className="role-choices">
      <legend>{legend}</legend>
      {ROLES.map((role) => (
        <label key={role} className="check">
          <input type="checkbox" name="role" value={role} defaultChecked={checked.includes(role)} />
          {t(`role.${role}`)}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * A new staff member: login, name, email, initial password and roles. The answer carries their
 * authenticator secret, shown here once (`onCreated`) and never again.
 */
function CreateStaffForm({ onCreated }: { onCreated: (created: CreatedStaff) => Promise<void> }) {
  const t = useText();
  const [error, setError] = useState<TextKey | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const email = String(form.get('email') ?? '').trim();
    const displayName = String(form.get('displayName') ?? '').trim();
    const parsed = CreateStaffRequestSchema.safeParse({
      login: String(form.get('login') ?? ''),
      password: String(form.get('password') ?? ''),
      roles: form.getAll('role').map(String),
      ...(email ? { email } : {}),
      ...(displayName ? { displayName } : {}),
    });
    if (!parsed.success) {
      setError('staff.invalid');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const created = await callAdminApi<CreatedStaff>(ADMIN_PATHS.staff, {
        method: 'POST',
        body: parsed.data,
      });
      formElement.reset();
      await onCreated(created);
    } catch (caught) {
      setError(refusalText(caught, STAFF_REFUSALS));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card panel" aria-label={t('staff.new')} onSubmit={(event) => void submit(event)}>
      <h2>{t('staff.new')}</h2>
      <div className="fields">
        <label>
          {t('staff.login')}
          <input name="login" required minLength={3} maxLength={40} autoComplete="off" />
        </label>
        <label>
          {t('staff.name')}
          <input name="displayName" maxLength={80} autoComplete="off" />
        </label>
        <label>
          {t('staff.email')}
          <input name="email" type="email" maxLength={200} autoComplete="off" />
        </label>
        <label>
          {t('staff.password')}
          <input
            name="password"
            type="password"
            required
            minLength={12}
            maxLength={128}
            autoComplete="new-password"
          />
        </label>
      </div>
      <RoleChoices checked={[]} legend={t('staff.roles')} />
      <p className="muted">{t('staff.newHint')}</p>
      {error && (
        <p className="error" role="alert">
          {t(error)}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={busy}>
          {t('staff.create')}
        </button>
      </div>
    </form>
  );
}

/** The authenticator secret of a staff member just made: shown this once, gone when dismissed. */
function Enrolment({ created, onDone }: { created: CreatedStaff; onDone: () => void }) {
  const t = useText();
  return (
    <section
      className="card panel enrolment"
      aria-label={t('staff.enrolmentTitle', { login: created.login })}
    >
      <h2>{t('staff.enrolmentTitle', { login: created.login })}</h2>
      <p>{t('staff.enrolmentOnce')}</p>
      <dl className="facts">
        <div>
          <dt>{t('staff.secret')}</dt>
          <dd>
            <code className="secret">{created.totpEnrolment.secret}</code>
          </dd>
        </div>
        <div>
          <dt>{t('staff.uri')}</dt>
          <dd>
            <code className="secret">{created.totpEnrolment.uri}</code>
          </dd>
        </div>
      </dl>
      <p className="muted">{t('staff.enrolmentHint')}</p>
      <div className="actions">
        <button type="button" onClick={onDone}>
          {t('staff.enrolmentDone')}
        </button>
      </div>
    </section>
  );
}

type Editing = { staff: StaffListEntry; action: 'roles' | 'disable' | 'enable' };

/** A staff member's new roles, or the reason to disable or enable them. */
function ChangeForm({
  editing,
  onSaved,
  onCancel,
}: {
  editing: Editing;
  onSaved: (staff: Staff) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useText();
  const { staff, action } = editing;
  const { error, setError, busy, run } = useDecisionSubmit(STAFF_REFUSALS);
  const title = t(`staff.${action}Title`, { login: staff.login });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    let call: { path: string; body: unknown };
    if (action === 'roles') {
      call = {
        path: path(ADMIN_PATHS.staffRoles, staff.id),
        body: { roles: form.getAll('role').map(String) },
      };
    } else {
      const parsed = StaffReasonRequestSchema.safeParse({ reason: String(form.get('reason') ?? '') });
      if (!parsed.success) {
        setError('staff.invalid');
        return;
      }
      const template = action === 'disable' ? ADMIN_PATHS.staffDisable : ADMIN_PATHS.staffEnable;
      call = { path: path(template, staff.id), body: parsed.data };
    }
    await run(async () => onSaved(await callAdminApi<Staff>(call.path, { method: 'POST', body: call.body })));
  };
  return (
    <form className="card decision" aria-label={title} onSubmit={(event) => void submit(event)}>
      <h2>{title}</h2>
      {action === 'roles' ? (
        <RoleChoices checked={staff.roles} legend={t('staff.roles')} />
      ) : (
        <label>
          {t('staff.reason')}
          <textarea name="reason" required minLength={3} maxLength={500} rows={2} autoFocus />
        </label>
      )}
      {action === 'disable' && <p className="muted">{t('staff.disableHint')}</p>}
      <DecisionActions error={error} busy={busy} confirm={t(`staff.${action}Confirm`)} onCancel={onCancel} />
    </form>
  );
}

const ROW_ACTION_TEXT = {
  roles: { label: 'staff.changeRoles', named: 'staff.rolesFor' },
  disable: { label: 'staff.disable', named: 'staff.disableFor' },
  enable: { label: 'staff.enable', named: 'staff.enableFor' },
} as const;

/** A row's button for one change, named with the staff member's login for screen readers. */
function RowAction({
  staff,
  action,
  onChoose,
}: {
  staff: StaffListEntry;
  action: Editing['action'];
  onChoose: (staff: StaffListEntry, action: Editing['action']) => void;
}) {
  const t = useText();
  const text = ROW_ACTION_TEXT[action];
  return (
    <button
      type="button"
      className="secondary"
      aria-label={t(text.named, { login: staff.login })}
      onClick={() => onChoose(staff, action)}
    >
      {t(text.label)}
    </button>
  );
}

/** Which role grants which permission, as the server answers it (never a copy kept here). */
function RoleMatrix() {
  const t = useText();
  const matrix = useQuery({
    queryKey: [...QUERY_KEY, 'roles'],
    queryFn: () => callAdminApi<RolePermissions>(ADMIN_PATHS.staffRolePermissions),
  });
  if (!matrix.data) return <Pending error={matrix.error} />;
  const { roles, permissions } = matrix.data;
  return (
    <div className="scroll">
      <table className="table compact role-matrix" aria-label={t('staff.matrix')}>
        <thead>
          <tr>
            <th>{t('staff.permission')}</th>
            {roles.map(({ role }) => (
              <th key={role} scope="col">
                {t(`role.${role}` as TextKey)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {permissions.map((permission) => (
            <tr key={permission}>
              <th scope="row">
                <code>{permission}</code>
              </th>
              {roles.map(({ role, permissions: granted }) => (
                <td key={role} className="granted">
                  {granted.includes(permission) ? (
                    <span aria-label={t('staff.granted')}>✓</span>
                  ) : (
                    <span className="muted" aria-label={t('staff.notGranted')}>
                      ·
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Staff and roles (issue 26 §7): every staff member with their roles, authenticator, latest login and
 * state; a new one (their authenticator secret shown once); roles changed; disabled or enabled with a
 * reason; and which role grants which permission. The server refuses a staff member disabling themselves
 * or taking staff management from themselves (1108), so their own row offers neither.
 */
export function StaffList() {
  const t = useText();
  const [language] = useLocaleState();
  const { identity } = useGetIdentity();
  const { canAccess, isPending: checking } = useCanAccess({ resource: 'staff', action: 'list' });
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => callAdminApi<StaffListEntry[]>(ADMIN_PATHS.staff),
    enabled: canAccess === true,
  });
  const [created, setCreated] = useState<CreatedStaff | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  if (checking) return <Pending />;
  if (!canAccess) return <Denied />;
  const refresh = () => queryClient.invalidateQueries({ queryKey: QUERY_KEY });
  const choose = (staff: StaffListEntry, action: Editing['action']) => {
    setOutcome(null);
    setEditing({ staff, action });
  };

  return (
    <section>
      <h1>{t('staff.title')}</h1>
      <p className="muted">{t('staff.intro')}</p>
      {created ? (
        <Enrolment created={created} onDone={() => setCreated(null)} />
      ) : (
        <CreateStaffForm
          onCreated={async (staff) => {
            setEditing(null);
            setOutcome(null);
            setCreated(staff);
            await refresh();
          }}
        />
      )}
      <h2>{t('staff.everyone')}</h2>
      <Outcome>{outcome}</Outcome>
      {editing && (
        <ChangeForm
          key={`${editing.staff.id}-${editing.action}`}
          editing={editing}
          onCancel={() => setEditing(null)}
          onSaved={async (staff) => {
            setEditing(null);
            setOutcome(t(`staff.${editing.action}Done`, { login: staff.login }));
            await refresh();
          }}
        />
      )}
      {!list.data && <Pending error={list.error} />}
      {list.data && (
        <div className="scroll">
          <table className="table staff-table">
            <thead>
              <tr>
                <th>{t('staff.login')}</th>
                <th>{t('staff.roles')}</th>
                <th>{t('staff.totp')}</th>
                <th>{t('staff.lastLogin')}</th>
                <th>{t('staff.state')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list.data.map((staff) => {
                const yourself = identity !== undefined && identity.id === staff.id;
                return (
                  <tr key={staff.id}>
                    <td>
                      <strong>{staff.login}</strong>
                      {staff.displayName && <div>{staff.displayName}</div>}
                      {staff.email && <div className="muted">{staff.email}</div>}
                    </td>
                    <td>
                      {staff.roles.map((role) => (
                        <span key={role} className="badge">
                          {t(`role.${role}` as TextKey)}
                        </span>
                      ))}
                    </td>
                    <td>{staff.totpEnrolled ? t('staff.totpYes') : t('staff.totpNo')}</td>
                    <td>{staff.lastLoginAt ? formatDate(staff.lastLoginAt, language) : t('staff.never')}</td>
                    <td>
                      <span className={staff.disabled ? 'badge status-excluded' : 'badge status-active'}>
                        {staff.disabled ? t('staff.disabled') : t('staff.active')}
                      </span>
                    </td>
                    <td>
                      <div className="row-actions">
                        <RowAction staff={staff} action="roles" onChoose={choose} />
                        {yourself ? (
                          <span className="muted">{t('staff.you')}</span>
                        ) : (
                          <RowAction
                            staff={staff}
                            action={staff.disabled ? 'enable' : 'disable'}
                            onChoose={choose}
                          />
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <h2 className="spaced">{t('staff.matrix')}</h2>
      <p className="muted">{t('staff.matrixHint')}</p>
      <RoleMatrix />
    </section>
  );
}
