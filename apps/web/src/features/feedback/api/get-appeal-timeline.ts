import type { AppealTimeline } from '@app/contracts/feedback';
import { FEEDBACK_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** An appeal and its history. */
export function appealTimelineQuery(id: number): QueryOptions<AppealTimeline> {
  return {
    queryKey: ['appeal-timeline', id],
    queryFn: () => request<AppealTimeline>(FEEDBACK_PATHS.timeline, { params: { id } }),
    staleTime: 0,
  };
}
