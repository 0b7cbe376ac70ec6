import type { ContentPage } from '@app/contracts/config';
import { CONFIG_PATHS } from '@app/contracts/paths';
import { useTranslation } from '../../../lib/i18n.ts';
import { useQuery, type QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

export function getContentPage(type: string): Promise<ContentPage> {
  return request<ContentPage>(CONFIG_PATHS.contentPage, { params: { type } });
}

export function getContentPageQueryOptions(type: string, language: string): QueryOptions<ContentPage> {
  return {
    queryKey: ['content-page', type, language],
    queryFn: () => getContentPage(type),
    staleTime: 10 * 60_000,
  };
}

export function useContentPage(type: string, enabled = true) {
  const { language } = useTranslation();
  return useQuery({ ...getContentPageQueryOptions(type, language), enabled });
}
