import type { CountryCode } from '@app/contracts/country';
import {
  compactToDisplayDate,
  identityDocumentsOf,
  toCompactDate,
  type KycField,
  type KycFieldName,
  type KycRecord,
} from '@app/contracts/kyc';
import { ERRORS } from '@app/contracts/errors';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { isApiError } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { showToast } from '../../lib/toast.ts';
import { submitKyc } from './api/submit-kyc.ts';
import {
  canSubmitKyc,
  checkShownField,
  checkShownForm,
  DATE_PLACEHOLDER,
  documentOfField,
  documentRuleKey,
  formatDateInput,
  messageKey,
  problemsFromAnswer,
  toKycBody,
  type KycProblems,
  type KycValues,
} from './kyc-rules.ts';
import { describedBy, Field } from '../ui/field.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import './kyc.css';

type KycFormProps = {
  fields: KycField[];
  /** A rejected record's values fill the form again (the date as the server keeps it, yyyymmdd). */
  initial?: KycRecord['values'];
  onSubmitted: (record: KycRecord) => void;
};

const INPUT_MODE: Partial<Record<KycFieldName, 'numeric' | 'email' | 'text'>> = {
  email: 'email',
  BVN: 'numeric',
  dateOfBirth: 'numeric',
};

/** A document number of digits only (`^\\d{7,8}$`): the phone's number pad. */
const DIGITS_ONLY = /^\^\\d\{\d+(,\d+)?\}\$$/;

const AUTOCOMPLETE: Partial<Record<KycFieldName, string>> = {
  firstName: 'given-name',
  surname: 'family-name',
  email: 'email',
  dateOfBirth: 'bday',
  RESIDENTIAL_ADDRESS: 'street-address',
};

function shownValues(initial: KycRecord['values'] | undefined): KycValues {
  const values: KycValues = { ...initial };
  if (values.dateOfBirth) values.dateOfBirth = compactToDisplayDate(values.dateOfBirth);
  return values;
}

/** A failed answer's per-field problems, when the request wrapper passes the answer's `errors` on. */
function answerErrors(error: unknown): { field: string; message: string }[] | undefined {
  if (typeof error !== 'object' || error === null || !('errors' in error)) return undefined;
  const { errors } = error as { errors?: unknown };
  return Array.isArray(errors) ? (errors as { field: string; message: string }[]) : undefined;
}

/** The KYC fields in index order with their rules (promotions-and-games §3, §5), and submit (§8). */
export function KycForm({ fields, initial, onSubmitted }: KycFormProps) {
  const { t } = useTranslation();
  const { country } = useSettings();
  const [values, setValues] = useState<KycValues>(() => shownValues(initial));
  const [problems, setProblems] = useState<KycProblems>({});
  const context = () => ({ country: country.code, today: toCompactDate(new Date(), country.timeZone) });

  const translate = (message: string | undefined) => {
    if (message === undefined) return undefined;
    const key = messageKey(message, country.code);
    return key ? t(key) : message;
  };

  const canSubmit = canSubmitKyc(fields, values);
  const { busy, formProps } = useSubmit(canSubmit, async () => {
    const found = checkShownForm(fields, values, context());
    setProblems(found);
    if (Object.keys(found).length > 0) {
      // Spec §5: any failure shows 'Please check the content'.
      showToast(t('errors.KYC_INVALID'), { kind: 'error' });
      return;
    }
    try {
      const record = await submitKyc(toKycBody(fields, values));
      showToast(t('kyc.success'), { kind: 'success' });
      onSubmitted(record);
    } catch (error) {
      if (isApiError(error) && error.code === ERRORS.KYC_INVALID.code) {
        const listed = answerErrors(error);
        // Without the answer's list the same rules name the fields (the server runs checkKycField too).
        setProblems(listed ? problemsFromAnswer(fields, listed) : checkShownForm(fields, values, context()));
      }
      throw error;
    }
  });

  const change = (name: KycFieldName, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    setProblems((found) => {
      const updated = { ...found, [name]: undefined };
      // The id number's rule depends on the id type: a shown id number message follows the new type.
      const idNumber = fields.find((field) => field.name === 'ID_NUMBER');
      if (name === 'ID_TYPE' && idNumber && found.ID_NUMBER !== undefined) {
        updated.ID_NUMBER = checkShownField(idNumber, next, context());
      }
      return updated;
    });
  };

  const blur = (field: KycField) => {
    setProblems((found) => ({ ...found, [field.name]: checkShownField(field, values, context()) }));
  };

  return (
    <form className="kyc-form" aria-label={t('kyc.formTitle')} {...formProps}>
      {fields.map((field) => {
        const id = `kyc-${field.name}`;
        const error = translate(problems[field.name]);
        // An id number's rule from the country profile, under the field before anything is typed.
        const document = documentOfField(field.name, values, country.code);
        const hint = document ? t(documentRuleKey(document)) : undefined;
        const label = (
          <>
            {fieldLabel(field.name, country.code, t)}
            {field.required ? (
              <span className="kyc-form__required" title={t('kyc.required')}>
                {' *'}
              </span>
            ) : null}
          </>
        );
        const common = {
          id,
          name: `field${field.index}`,
          className: 'field__input',
          required: field.required,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy(id, error, hint),
          value: values[field.name] ?? '',
          onBlur: () => blur(field),
        };
        if (field.name === 'ID_TYPE') {
          return (
            <Field key={field.name} id={id} label={label} error={error}>
              <select
                {...common}
                onChange={(event: ChangeEvent<HTMLSelectElement>) =>
                  change(field.name, event.currentTarget.value)
                }
              >
                <option value="">{t('kyc.chooseIdType')}</option>
                {identityDocumentsOf(country.code).map((choice) => (
                  <option key={choice.slug} value={choice.type}>
                    {t(`kyc.documents.${choice.slug}.name`)}
                  </option>
                ))}
              </select>
            </Field>
          );
        }
        return (
          <Field key={field.name} id={id} label={label} error={error} hint={hint}>
            <input
              {...common}
              type={field.name === 'email' ? 'email' : 'text'}
              inputMode={
                document
                  ? DIGITS_ONLY.test(document.pattern)
                    ? 'numeric'
                    : 'text'
                  : (INPUT_MODE[field.name] ?? 'text')
              }
              autoComplete={AUTOCOMPLETE[field.name] ?? 'off'}
              placeholder={document?.example ?? placeholder(field.name, t)}
              maxLength={field.name === 'dateOfBirth' ? DATE_PLACEHOLDER.length : undefined}
              onChange={(event: ChangeEvent<HTMLInputElement>) => {
                const raw = event.currentTarget.value;
                change(field.name, field.name === 'dateOfBirth' ? formatDateInput(raw) : raw);
              }}
            />
          </Field>
        );
      })}
      <button type="submit" className="button button--primary button--block" disabled={!canSubmit || busy}>
        {t('kyc.submit')}
      </button>
    </form>
  );
}

type T = (key: string) => string;

/** IdCardNumber is the market's one document (Brazil's CPF, Zambia's NRC): named by the country profile. */
export function fieldLabel(name: KycFieldName, country: CountryCode, t: T): string {
  const [document] = identityDocumentsOf(country);
  if (name === 'IdCardNumber' && document) return t(`kyc.documents.${document.slug}.name`);
  return t(`kyc.fields.${name}`);
}

/** Fields without a document: the date's shape, the id number before its type is chosen, else 'Please enter'. */
function placeholder(name: KycFieldName, t: T): string {
  switch (name) {
    case 'dateOfBirth':
      return DATE_PLACEHOLDER;
    case 'ID_NUMBER':
      return t('kyc.placeholders.ID_NUMBER');
    default:
      return t('kyc.placeholders.enter');
  }
}
