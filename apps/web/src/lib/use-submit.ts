import { useCallback, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toastError } from './toast.ts';

/**
 * A form's submit: runs only when the form is complete and nothing is in flight, toasts a failure
 * (spec §8), and submits on Enter in any of its inputs (spec §4) through the same guard.
 */
export function useSubmit(canSubmit: boolean, action: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const submit = useCallback(async () => {
    if (!canSubmit || inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await action();
    } catch (error) {
      toastError(error);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, [canSubmit, action]);

  const formProps = {
    noValidate: true,
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      void submit();
    },
    onKeyDown: (event: KeyboardEvent<HTMLFormElement>) => {
      if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
      event.preventDefault();
      void submit();
    },
  };
  return { busy, formProps, submit };
}
