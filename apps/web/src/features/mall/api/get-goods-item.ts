import type { MallGoods } from '@app/contracts/mall';
import { MALL_PATHS } from '@app/contracts/paths';
import type { QueryOptions } from '../../../lib/query.ts';
import { request } from '../../../lib/request.ts';

/** One item of the mall (a member's answer says what they bought of it). */
export function goodsItemQuery(id: number, token: string | undefined): QueryOptions<MallGoods> {
  return {
    queryKey: ['mall-goods-item', id, token ?? null],
    queryFn: () => getGoodsItem(id),
    staleTime: 0,
  };
}

export function getGoodsItem(id: number): Promise<MallGoods> {
  return request<MallGoods>(MALL_PATHS.goodsItem.replace(':id', String(id)));
}
