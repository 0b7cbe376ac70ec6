import { isValidNickname, NICKNAME_MAX } from '@app/contracts/member-rules';
import type { Profile } from '@app/contracts/member';
import { useCallback, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { describedBy, Field } from '../../../components/ui/field.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { setProfile } from '../../../lib/session.ts';
import { showToast } from '../../../lib/toast.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { modifyMemberInfo } from '../api/modify-member-info.ts';

const FIELD_ID = 'nickname';

/**
 * Changes the nickname shown in place of the mobile number. The shared rule (member-rules.ts) is checked
 * as the player types; the server checks it again and a refusal is toasted with the catalogue's message.
 */
export function NicknameDialog({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(profile.nickName);
  const valid = isValidNickname(value);
  const changed = value.trim() !== profile.nickName.trim();
  const save = useCallback(async () => {
    setProfile(await modifyMemberInfo({ nickName: value.trim() }));
    showToast(t('me.nicknameSaved'), { kind: 'success' });
    onClose();
  }, [value, t, onClose]);
  const { busy, formProps } = useSubmit(valid && changed, save);
  const error = valid ? undefined : t('errors.NICKNAME_RULE');
  const hint = t('me.nicknameHint');

  return (
    <Dialog
      label={t('me.editNickname')}
      onClose={onClose}
      className="nickname-dialog"
      testId="nickname-dialog"
    >
      <form {...formProps}>
        <h2 className="nickname-dialog__title">{t('me.editNickname')}</h2>
        <Field id={FIELD_ID} label={t('me.nickname')} error={error} hint={hint}>
          <input
            id={FIELD_ID}
            className="field__input"
            value={value}
            maxLength={NICKNAME_MAX + 10}
            autoComplete="nickname"
            aria-invalid={!valid}
            aria-describedby={describedBy(FIELD_ID, error, hint)}
            onChange={(event) => setValue(event.currentTarget.value)}
          />
        </Field>
        <div className="confirm__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={!valid || !changed || busy}>
            {t('me.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
