import type { Profile } from '@app/contracts/member';
import { useRef, useState, type ChangeEvent } from 'react';
import { MeIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { setProfile } from '../../../lib/session.ts';
import { dismissToast, showToast, toastError } from '../../../lib/toast.ts';
import { AVATAR_TYPES, MAX_AVATAR_BYTES, modifyImg } from '../api/modify-img.ts';

/**
 * The member's avatar; tapping it picks a new image (JPEG, PNG or WebP). A file above 10 MB is refused
 * here before any byte is sent (slow, metered networks); the answer's profile goes into the session so
 * the new picture shows at once.
 */
export function AvatarUpload({ profile }: { profile: Profile | undefined }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    if (file.size > MAX_AVATAR_BYTES) {
      showToast(t('errors.PAYLOAD_TOO_LARGE'), { kind: 'error' });
      return;
    }
    setBusy(true);
    const loading = showToast(t('me.avatarUploading'), { kind: 'loading' });
    try {
      setProfile(await modifyImg(file));
      showToast(t('me.avatarUpdated'), { kind: 'success' });
    } catch (error) {
      toastError(error);
    } finally {
      dismissToast(loading);
      setBusy(false);
    }
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const field = event.currentTarget;
    const file = field.files?.[0];
    // Cleared so that choosing the same file again (after a failure) is a change again.
    field.value = '';
    if (file) void upload(file);
  };

  return (
    <>
      <button
        type="button"
        className="profile-card__avatar-button"
        aria-label={t('me.changeAvatar')}
        aria-busy={busy}
        disabled={busy || !profile}
        onClick={() => input.current?.click()}
      >
        {profile?.img ? (
          <img
            className="profile-card__avatar"
            src={profile.img}
            alt={t('me.avatar')}
            width="56"
            height="56"
          />
        ) : (
          <span
            className="profile-card__avatar profile-card__avatar--default"
            role="img"
            aria-label={t('me.avatar')}
          >
            <MeIcon size={32} />
          </span>
        )}
      </button>
      <input
        ref={input}
        type="file"
        accept={AVATAR_TYPES}
        hidden
        data-testid="avatar-file"
        onChange={onChange}
      />
    </>
  );
}
