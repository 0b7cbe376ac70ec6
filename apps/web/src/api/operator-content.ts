import { readFirstScreenAnswer } from '../lib/first-screen.ts';
import { readLocalCopy, withLocalCopy, writeLocalCopy } from '../lib/local-copy.ts';
import type { QueryKey, QueryOptions } from '../lib/query.ts';
import { apiPathWithQuery, request, type RequestParams } from '../lib/request.ts';

/**
 * Query options for operator content (adverts, menus, options): it starts from the answer written into
 * the page when there is one (fresh, so no call is made), else from the last good answer kept on the
 * phone (stale, so it is refreshed); every good answer is kept for when the network fails (spec §7, §8).
 */
export function operatorContentQuery<T>(content: {
  queryKey: QueryKey;
  copyKey: string;
  path: string;
  params?: RequestParams;
  language: string;
  staleTime: number;
}): QueryOptions<T> {
  const written = () =>
    readFirstScreenAnswer<T>(apiPathWithQuery(content.path, content.params), content.language);
  return {
    queryKey: content.queryKey,
    queryFn: () => withLocalCopy(content.copyKey, () => request<T>(content.path, { params: content.params })),
    staleTime: content.staleTime,
    initialData: () => {
      const answer = written();
      if (!answer) return readLocalCopy<T>(content.copyKey);
      writeLocalCopy(content.copyKey, answer.data);
      return answer.data;
    },
    initialDataUpdatedAt: () => written()?.updatedAt,
  };
}
