import type { SmsPurpose } from '@app/contracts/member';
import { SMS_CODE_LENGTH } from '@app/contracts/member-rules';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { sendSms } from '../api/send-sms.ts';
import { smsCodeError } from '../form-rules.ts';
import { describedBy, Field } from '../../../components/ui/field.tsx';
import { useCountdown } from './use-countdown.ts';

type SmsCodeFieldProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  mobile: string;
  /** Whether `mobile` is valid: a code is only sent to a valid number. */
  canSend: boolean;
  purpose: SmsPurpose;
  /** After a code was sent (the reset page then shows the rest of its form). */
  onSent?: () => void;
};

/** The 6-digit code (spec §5) with the button that sends it; the answer's resendAfter drives the countdown. */
export function SmsCodeField({ id, value, onChange, mobile, canSend, purpose, onSent }: SmsCodeFieldProps) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [blurred, setBlurred] = useState(false);
  const [secondsLeft, startCountdown] = useCountdown();
  const errorKey = blurred ? smsCodeError(value) : undefined;
  const error = errorKey ? t(errorKey) : undefined;

  const send = async () => {
    setSending(true);
    try {
      const answer = await sendSms({ mobile: mobile.trim(), type: purpose });
      startCountdown(answer.resendAfter);
      showToast(t('account.codeSent'), { kind: 'success' });
      onSent?.();
    } catch (failure) {
      toastError(failure);
    } finally {
      setSending(false);
    }
  };

  return (
    <Field
      id={id}
      label={t('account.smsCode')}
      error={error}
      end={
        <button
          type="button"
          className="field__send button button--small button--primary"
          disabled={!canSend || sending || secondsLeft > 0}
          onClick={() => void send()}
        >
          {secondsLeft > 0 ? t('account.resendIn', { seconds: secondsLeft }) : t('account.sendCode')}
        </button>
      }
    >
      <input
        id={id}
        name="smsCode"
        className="field__input"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={SMS_CODE_LENGTH}
        placeholder={t('account.smsCodePlaceholder')}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        onChange={(event) => {
          setBlurred(false);
          onChange(event.currentTarget.value.replace(/\D/g, ''));
        }}
        onBlur={() => setBlurred(true)}
      />
    </Field>
  );
}
