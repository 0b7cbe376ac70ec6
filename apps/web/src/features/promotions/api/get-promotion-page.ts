import { PROMOTION_PAGE_PATHS } from '@app/contracts/paths';
import type { PromotionPage } from '@app/contracts/promotion-pages';
import { useTranslation } from '../../../lib/i18n.ts';
import { useQuery, type QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** One programme's page (its rules and the way into it) in the player's language. */
export function promotionPageQuery(id: number, language: string): QueryOptions<PromotionPage> {
  return {
    queryKey: ['promotion-page', id, language],
    queryFn: () => request<PromotionPage>(PROMOTION_PAGE_PATHS.page, { params: { id } }),
    staleTime: 5 * 60_000,
  };
}

export function usePromotionPage(id: number) {
  const { language } = useTranslation();
  return useQuery(promotionPageQuery(id, language));
}
