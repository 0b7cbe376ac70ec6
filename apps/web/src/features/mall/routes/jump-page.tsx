import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { getGoodsItem } from '../api/get-goods-item.ts';

/**
 * `/mall/jump/{id}` (spec §2): a goods deep link (an advert, a message, a share) resolved to its detail
 * page; an item no longer on sale lands on the mall instead. It replaces itself, so back skips it.
 */
export function JumpPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    const go = (to: string) => live && void navigate(to, { replace: true });
    if (!Number.isInteger(id) || id <= 0) go(PAGE_PATHS.mall);
    else
      getGoodsItem(id).then(
        (goods) => go(PAGE_PATHS.mallDetail(goods.id)),
        () => go(PAGE_PATHS.mall),
      );
    return () => {
      live = false;
    };
  }, [id, navigate]);
  return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
}
