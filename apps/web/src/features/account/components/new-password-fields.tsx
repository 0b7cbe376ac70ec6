import { useTranslation } from '../../../lib/i18n.ts';
import { confirmationError, newPasswordError } from '../form-rules.ts';
import { PasswordField } from './password-field.tsx';

type Props = {
  /** Prefix of the two inputs' ids (`${idPrefix}-password`, `${idPrefix}-confirmation`). */
  idPrefix: string;
  /** Label of the first field: "Password" when registering, "New password" when changing. */
  labelKey: 'account.password' | 'account.newPassword';
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
};

/** A new password and its confirmation, with the spec's two messages (6 to 20; must match). */
export function NewPasswordFields({
  idPrefix,
  labelKey,
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
}: Props) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        id={`${idPrefix}-password`}
        label={t(labelKey)}
        placeholder={t('account.passwordPlaceholder')}
        hint={t('account.passwordHint')}
        autoComplete="new-password"
        value={password}
        onChange={onPasswordChange}
        errorKey={newPasswordError(password)}
      />
      <PasswordField
        id={`${idPrefix}-confirmation`}
        label={t('account.confirmPassword')}
        placeholder={t('account.confirmPlaceholder')}
        autoComplete="new-password"
        value={confirmation}
        onChange={onConfirmationChange}
        errorKey={confirmationError(password, confirmation)}
      />
    </>
  );
}
