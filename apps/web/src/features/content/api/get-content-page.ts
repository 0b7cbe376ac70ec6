import type { ContentPage } from '@app/contracts/config';
import { CONFIG_PATHS } from '@app/contracts/paths';
import { useTranslation } from '../../../lib/i18n.ts';
import { useQuery, type QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** An operator's content page (about us, responsible gaming…) in the player's language. */
export function contentPageQuery(type: string, language: string): QueryOptions<ContentPage> {
  return {
    queryKey: ['content-page', type, language],
    queryFn: () => request<ContentPage>(CONFIG_PATHS.contentPage, { params: { type } }),
    staleTime: 10 * 60_000,
  };
}

export function useContentPage(type: string, enabled = true) {
  const { language } = useTranslation();
  return useQuery({ ...contentPageQuery(type, language), enabled });
}
