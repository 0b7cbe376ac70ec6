import type { AppealTimeline } from '@app/contracts/feedback';
import { FEEDBACK_PATHS } from '@app/contracts/paths';
import { request } from '../../../lib/request.ts';

/** The appeal with its first image (multipart, one file a request: the others go through addAppealImage). */
export function submitAppeal(fields: {
  orderId: number;
  receipt: string;
  content: string;
  image: File;
}): Promise<AppealTimeline> {
  const data = new FormData();
  data.append('orderId', String(fields.orderId));
  if (fields.receipt) data.append('receipt', fields.receipt);
  data.append('content', fields.content);
  data.append('file', fields.image);
  return request<AppealTimeline>(FEEDBACK_PATHS.submitDepositAppeal, {
    method: 'POST',
    data,
    bodyType: 'multipart',
  });
}
