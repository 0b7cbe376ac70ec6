import type { ChangeEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { showToast } from '../../lib/toast.ts';
import { readPhoto } from './scale-photo.ts';

/**
 * The verification photo's preview and its take/retake button: the front camera on a phone, a file chooser
 * elsewhere; the photo scaled (scale-photo.ts) before it reaches `onPhoto`. Used by the verification page and
 * by a registration that verifies before the account exists.
 */
export function PhotoPicker({
  photo,
  onPhoto,
  testId,
}: {
  photo: string | undefined;
  onPhoto: (photo: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    try {
      onPhoto(await readPhoto(file));
    } catch {
      showToast(t('kyc.photo.unreadable'), { kind: 'error' });
    }
  };
  return (
    <>
      {photo ? <img className="kyc-photo__preview" src={photo} alt={t('kyc.photo.preview')} /> : null}
      <label className="button button--block kyc-photo__choose">
        {t(photo ? 'kyc.photo.retake' : 'kyc.photo.take')}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          // The front camera on a phone; a file chooser elsewhere.
          capture="user"
          className="visually-hidden"
          data-testid={testId}
          onChange={(event) => void choose(event)}
        />
      </label>
    </>
  );
}
