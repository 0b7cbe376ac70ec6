import { useState } from 'react';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { showToast } from '../../../lib/toast.ts';
import { useGoBack } from '../../../lib/use-go-back.ts';
import { modifyPassword } from '../api/modify-password.ts';
import { PasswordField } from '../components/password-field.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { isNewPasswordPairValid } from '../form-rules.ts';
import '../components/account.css';

/** `/password/modify` (login required, guarded in the router): the old password, then the new one twice. */
export function ModifyPasswordPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const canSubmit = oldPassword !== '' && isNewPasswordPairValid(password, confirmation);
  const { busy, formProps } = useSubmit(canSubmit, async () => {
    await modifyPassword({ oldPassword, password, confirmPassword: confirmation });
    showToast(t('account.modifySuccess'), { kind: 'success' });
    goBack();
  });

  return (
    <div className="account">
      <NavBar title={t('account.modifyTitle')} />
      <div className="account__body">
        <form className="account-form" aria-label={t('account.modifyTitle')} {...formProps}>
          <PasswordField
            id="modify-old"
            label={t('account.oldPassword')}
            autoComplete="current-password"
            value={oldPassword}
            onChange={setOldPassword}
          />
          <NewPasswordFields
            idPrefix="modify"
            labelKey="account.newPassword"
            password={password}
            confirmation={confirmation}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmation}
          />
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={!canSubmit || busy}
          >
            {t('account.modifySubmit')}
          </button>
        </form>
      </div>
    </div>
  );
}
