import type { Profile } from '@app/contracts/member';
import { MEMBER_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** Spec §5: an upload above 10 MB is refused; the server refuses it too (1413), this spares the bytes. */
export const MAX_AVATAR_BYTES = 10 * 1024 * 1024;

/** The image types the server accepts (it checks the first bytes, not the name or this type). */
export const AVATAR_TYPES = 'image/jpeg,image/png,image/webp';

/** A new avatar, sent as multipart field `file`; answers the profile with `img` = `/uploads/…`. */
export function modifyImg(file: File): Promise<Profile> {
  const data = new FormData();
  data.append('file', file);
  return request<Profile>(MEMBER_PATHS.modifyImg, { method: 'POST', data, bodyType: 'multipart' });
}
