import { APPEAL_MAX_IMAGE_BYTES, APPEAL_MAX_IMAGES } from '@app/contracts/feedback';
import { useEffect, useMemo, useRef, type ChangeEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { showToast } from '../../../lib/toast.ts';

/** The image types the server keeps (it checks the first bytes, not the name or this type). */
export const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

/** A preview address for a chosen file; none where the browser cannot make one. */
function usePreviews(files: File[]): (string | undefined)[] {
  const previews = useMemo(
    () =>
      files.map((file) =>
        typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined,
      ),
    [files],
  );
  useEffect(
    () => () =>
      previews.forEach((url) => url && typeof URL.revokeObjectURL === 'function' && URL.revokeObjectURL(url)),
    [previews],
  );
  return previews;
}

/**
 * Up to three proof images with previews. A file above 10 MB is refused here, before a byte is sent
 * (spec §5; slow, metered networks); the server refuses it too.
 */
export function ImagePicker({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const previews = usePreviews(files);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const field = event.currentTarget;
    const picked = Array.from(field.files ?? []);
    // Cleared so that choosing the same file again is a change again.
    field.value = '';
    const tooLarge = picked.filter((file) => file.size > APPEAL_MAX_IMAGE_BYTES);
    if (tooLarge.length > 0) showToast(t('errors.PAYLOAD_TOO_LARGE'), { kind: 'error' });
    const accepted = picked.filter((file) => file.size <= APPEAL_MAX_IMAGE_BYTES);
    const room = APPEAL_MAX_IMAGES - files.length;
    if (accepted.length > room)
      showToast(t('feedback.maxImages', { count: APPEAL_MAX_IMAGES }), { kind: 'error' });
    if (accepted.length > 0 && room > 0) onChange([...files, ...accepted.slice(0, room)]);
  };

  return (
    <div className="image-picker">
      <ul className="image-picker__list">
        {files.map((file, index) => (
          <li key={`${file.name}-${index}`} className="image-picker__item" data-testid="appeal-image">
            {previews[index] ? (
              <img src={previews[index]} alt={t('feedback.imageAlt', { index: index + 1 })} />
            ) : (
              <span className="image-picker__name">{file.name}</span>
            )}
            <button
              type="button"
              className="image-picker__remove"
              aria-label={t('feedback.removeImage', { index: index + 1 })}
              onClick={() => onChange(files.filter((_, position) => position !== index))}
            >
              ×
            </button>
          </li>
        ))}
        {files.length < APPEAL_MAX_IMAGES ? (
          <li>
            <button
              type="button"
              className="image-picker__add"
              onClick={() => input.current?.click()}
              aria-label={t('feedback.addImage')}
            >
              +
            </button>
          </li>
        ) : null}
      </ul>
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES}
        multiple
        hidden
        data-testid="appeal-file"
        onChange={onPick}
      />
    </div>
  );
}
