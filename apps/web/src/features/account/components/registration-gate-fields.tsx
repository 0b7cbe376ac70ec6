import { parseAmountToMinor } from '@app/contracts/deposit-rules';
import {
  registrationIdentityFields,
  toCompactDate,
  type KycFieldName,
  type RegistrationIdentity,
} from '@app/contracts/kyc';
import { LIMIT_PERIODS, type LimitPeriod, type RegistrationLimits } from '@app/contracts/limits';
import { useEffect, useMemo, useState } from 'react';
import { fieldLabel } from '../../../components/kyc/kyc-form.tsx';
import {
  checkShownField,
  DATE_PLACEHOLDER,
  documentOfField,
  documentRuleKey,
  formatDateInput,
  messageKey,
  toSentValue,
  type KycProblems,
  type KycValues,
} from '../../../components/kyc/kyc-rules.ts';
import { PhotoPicker } from '../../../components/kyc/photo-picker.tsx';
import { describedBy, Field } from '../../../components/ui/field.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSettings } from '../../../lib/settings.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import '../../../components/kyc/kyc.css';

/** What a registration carries beyond the number and password where the market's law asks for it. */
export type RegistrationGate = { identity?: RegistrationIdentity; limits?: RegistrationLimits };

/** A deposit limit field: null when empty (no limit for that period), undefined when not an amount above 0. */
function depositLimitOf(text: string | undefined, scale: number): number | null | undefined {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return null;
  const minor = parseAmountToMinor(trimmed, scale);
  return minor !== undefined && minor > 0 ? minor : undefined;
}

const AUTOCOMPLETE: Partial<Record<KycFieldName, string>> = {
  firstName: 'given-name',
  surname: 'family-name',
  dateOfBirth: 'bday',
};

/**
 * The registration's identity (the market's required identity fields, checked with the form's own rules, the
 * CPF's check digits included, and a live selfie, scaled as the verification page scales it) and its deposit
 * limits, as the market's law asks. `onChange` receives what the registration sends once everything asked
 * is complete and valid, else undefined.
 */
export function RegistrationGateFields({
  onChange,
}: {
  onChange: (gate: RegistrationGate | undefined) => void;
}) {
  const { t } = useTranslation();
  const { country } = useSettings();
  const { compliance } = country;
  const asksIdentity = compliance.identity.requiredBefore === 'registration';
  const asksLimits = compliance.limits.requiredAtRegistration;
  const fields = useMemo(() => registrationIdentityFields(country.code), [country.code]);
  const [values, setValues] = useState<KycValues>({});
  const [problems, setProblems] = useState<KycProblems>({});
  const [photo, setPhoto] = useState<string>();
  const [deposits, setDeposits] = useState<Partial<Record<LimitPeriod, string>>>({});
  const money = useMoneyFormat();

  const context = { country: country.code, today: toCompactDate(new Date(), country.timeZone) };
  const parsedDeposits = useMemo(
    () =>
      LIMIT_PERIODS.map((period) => ({ period, amount: depositLimitOf(deposits[period], country.scale) })),
    [country.scale, deposits],
  );
  const gate = useMemo(() => {
    const today = toCompactDate(new Date(), country.timeZone);
    const identityValid = fields.every(
      (field) => checkShownField(field, values, { country: country.code, today }) === undefined,
    );
    const limits: RegistrationLimits = parsedDeposits.flatMap(({ period, amount }) =>
      typeof amount === 'number' ? [{ name: `deposit:${period}` as const, amount }] : [],
    );
    const limitsValid = parsedDeposits.every(({ amount }) => amount !== undefined) && limits.length > 0;
    if (asksIdentity && (!identityValid || !photo)) return undefined;
    if (asksLimits && !limitsValid) return undefined;
    const identity: RegistrationIdentity | undefined =
      asksIdentity && photo
        ? {
            values: Object.fromEntries(
              fields.map((field) => [field.name, toSentValue(field.name, values[field.name] ?? '')]),
            ),
            photo,
          }
        : undefined;
    return { ...(identity ? { identity } : {}), ...(asksLimits ? { limits } : {}) };
  }, [asksIdentity, asksLimits, country, fields, parsedDeposits, photo, values]);
  useEffect(() => onChange(gate), [gate, onChange]);
  const noDepositLimit = parsedDeposits.every(({ amount }) => amount === null || amount === undefined);

  const translate = (message: string | undefined) => {
    if (message === undefined) return undefined;
    const key = messageKey(message, country.code);
    return key ? t(key) : message;
  };

  return (
    <>
      {asksIdentity ? (
        <fieldset className="account-form__group" data-testid="register-identity">
          <legend className="account-form__legend">{t('account.identityTitle')}</legend>
          <p className="account__intro">{t('account.identityIntro')}</p>
          {fields.map((field) => {
            const id = `register-${field.name}`;
            const error = translate(problems[field.name]);
            const document = documentOfField(field.name, values, country.code);
            const hint = document ? t(documentRuleKey(document)) : undefined;
            const isDate = field.name === 'dateOfBirth';
            return (
              <Field
                key={field.name}
                id={id}
                label={fieldLabel(field.name, country.code, t)}
                error={error}
                hint={hint}
              >
                <input
                  id={id}
                  name={field.name}
                  className="field__input"
                  type="text"
                  inputMode={document || isDate ? 'numeric' : 'text'}
                  autoComplete={AUTOCOMPLETE[field.name] ?? 'off'}
                  placeholder={document?.example ?? (isDate ? DATE_PLACEHOLDER : undefined)}
                  maxLength={isDate ? DATE_PLACEHOLDER.length : undefined}
                  required
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy(id, error, hint)}
                  value={values[field.name] ?? ''}
                  onChange={(event) => {
                    const raw = event.currentTarget.value;
                    setValues((current) => ({
                      ...current,
                      [field.name]: isDate ? formatDateInput(raw) : raw,
                    }));
                    setProblems((current) => ({ ...current, [field.name]: undefined }));
                  }}
                  onBlur={() =>
                    setProblems((current) => ({
                      ...current,
                      [field.name]: checkShownField(field, values, context),
                    }))
                  }
                />
              </Field>
            );
          })}
          <div className="kyc-photo">
            <p className="account-form__label">{t(`kyc.photo.title.${compliance.identity.method}`)}</p>
            <p className="account__intro">{t(`kyc.photo.hint.${compliance.identity.method}`)}</p>
            <PhotoPicker photo={photo} onPhoto={setPhoto} testId="register-selfie" />
          </div>
        </fieldset>
      ) : null}
      {asksLimits ? (
        <fieldset className="account-form__group" data-testid="register-limits">
          <legend className="account-form__legend">{t('account.limitsTitle')}</legend>
          <p className="account__intro">
            {t('account.limitsIntro', { hours: compliance.limits.coolingOffHours })}
          </p>
          {parsedDeposits.map(({ period, amount }) => {
            const id = `register-limit-${period}`;
            const error = amount === undefined ? t('limits.invalid') : undefined;
            return (
              <Field
                key={period}
                id={id}
                label={t(`limits.period.${period}`)}
                error={error}
                start={<span className="field__prefix">{money.currency}</span>}
              >
                <input
                  id={id}
                  className="field__input"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={t('limits.placeholder')}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy(id, error)}
                  data-testid={id}
                  value={deposits[period] ?? ''}
                  onChange={(event) => {
                    const text = event.currentTarget.value;
                    setDeposits((current) => ({ ...current, [period]: text }));
                  }}
                />
              </Field>
            );
          })}
          {noDepositLimit ? (
            <p className="field__hint" data-testid="register-limits-needed">
              {t('account.limitsNeeded')}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </>
  );
}
