import type { MallGoodsList } from '@app/contracts/mall';
import { MALL_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** The goods on sale, of one type or all (visitors too; a member's answer says what they bought). */
export function goodsQuery(type: number | undefined, token: string | undefined): QueryOptions<MallGoodsList> {
  return {
    queryKey: ['mall-goods', type ?? 'all', token ?? null],
    queryFn: () => request<MallGoodsList>(MALL_PATHS.goods, { params: { type } }),
    staleTime: 0,
  };
}
