import type { Appeal } from '@app/contracts/feedback';
import { FEEDBACK_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** One more proof image for the member's open appeal (three at most). */
export function addAppealImage(id: number, image: File): Promise<Appeal> {
  const data = new FormData();
  data.append('id', String(id));
  data.append('file', image);
  return request<Appeal>(FEEDBACK_PATHS.addImage, { method: 'POST', data, bodyType: 'multipart' });
}
