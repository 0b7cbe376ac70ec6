import { useState, type FormEvent, type ReactNode } from 'react';
import { ERRORS } from '@app/contracts/errors';
import { ApiError } from '../api.ts';
import { CodeInput } from '../code-input.tsx';
import type { TextKey } from '../texts.ts';
import { useText } from '../use-text.ts';

/** The text for a refused money decision: the catalogue codes staff can act on, a general one otherwise. */
export function refusalText(error: unknown, known: Partial<Record<number, TextKey>> = {}): TextKey {
  if (!(error instanceof ApiError)) return 'app.error';
  const texts: Partial<Record<number, TextKey>> = {
    [ERRORS.STAFF_CODE_REFUSED.code]: 'money.codeRefused',
    [ERRORS.ADJUSTMENT_SAME_STAFF.code]: 'adjustments.sameStaff',
    [ERRORS.ADJUSTMENT_DECIDED.code]: 'money.decided',
    [ERRORS.ORDER_CLOSED.code]: 'money.decided',
    [ERRORS.WITHDRAW_ALREADY_APPROVED.code]: 'approvals.alreadyApproved',
    [ERRORS.INSUFFICIENT_BALANCE.code]: 'adjustments.insufficient',
    ...known,
  };
  return texts[error.code] ?? 'app.error';
}

/**
 * A decision's form: a fresh authenticator code (each accepted once), and a reason or note when `reason`
 * names its label. `onConfirm` answers when the server has decided; a refusal shows its text here.
 */
export function DecisionForm({
  title,
  confirm,
  reason,
  onConfirm,
  onCancel,
}: {
  title: string;
  confirm: string;
  reason?: string;
  onConfirm: (fields: { code: string; reason: string }) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useText();
  const { error, busy, run } = useDecisionSubmit();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    await run(() =>
      onConfirm({ code: String(data.get('code') ?? ''), reason: String(data.get('reason') ?? '') }),
    );
  };
  return (
    <form className="card decision" aria-label={title} onSubmit={(event) => void submit(event)}>
      <h2>{title}</h2>
      {reason && (
        <label>
          {reason}
          <textarea name="reason" required minLength={3} maxLength={300} rows={2} />
        </label>
      )}
      <label>
        {t('money.code')}
        <CodeInput autoFocus />
      </label>
      <p className="muted">{t('money.codeHint')}</p>
      <DecisionActions error={error} busy={busy} confirm={confirm} onCancel={onCancel} />
    </form>
  );
}

/**
 * A decision form's submission: busy while the server decides; when it refuses, the refusal's text (the
 * catalogue codes staff can act on, `known` added) and the form usable again.
 */
export function useDecisionSubmit(known?: Partial<Record<number, TextKey>>) {
  const [error, setError] = useState<TextKey | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (decide: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await decide();
    } catch (caught) {
      setError(refusalText(caught, known));
      setBusy(false);
    }
  };
  return { error, setError, busy, run };
}

/** A decision form's end: the refusal if any, the button that confirms and the one that cancels. */
export function DecisionActions({
  error,
  busy,
  confirm,
  onCancel,
}: {
  error: TextKey | null;
  busy: boolean;
  confirm: string;
  onCancel: () => void;
}) {
  const t = useText();
  return (
    <>
      {error && (
        <p className="error" role="alert">
          {t(error)}
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={busy}>
          {confirm}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t('money.cancel')}
        </button>
      </div>
    </>
  );
}

/** The outcome of the last decision, read out to screen readers. */
export function Outcome({ children }: { children?: ReactNode }) {
  return children ? (
    <p className="notice" role="status">
      {children}
    </p>
  ) : null;
}

/** A row's two decision buttons: each opens the decision's form for it. */
export function DecideButtons({
  approve,
  reject,
  onChoose,
}: {
  approve: string;
  reject: string;
  onChoose: (action: 'approve' | 'reject') => void;
}) {
  return (
    <>
      <button type="button" onClick={() => onChoose('approve')}>
        {approve}
      </button>
      <button type="button" className="secondary" onClick={() => onChoose('reject')}>
        {reject}
      </button>
    </>
  );
}
