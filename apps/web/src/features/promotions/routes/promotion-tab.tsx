import { POSITION } from '@app/contracts/config';
import { Link, useSearchParams } from 'react-router';
import { useAdverts } from '../../../api/get-adverts.ts';
import { useMenus } from '../../../api/get-menus.ts';
import { AdvertLink } from '../../../components/ui/advert-link.tsx';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { PROMOTION_TEXTS } from '../texts.ts';
import { PromotionPopup } from '../components/promotion-popup.tsx';
import { imagesTagged, tagOfMenu } from '../promotion-filter.ts';
import '../promotions.css';

/**
 * `/promotion` (spec §2): the promotion menu (200101) at the top, as filters or links; the promotion images
 * (900103), each leading to its url; the promotion popup (900104) once. Visitors see it all. Failed loads
 * are only logged and the last good copy is shown (api/operator-content.ts).
 */
export function PromotionTab() {
  const { t, ready } = useFeatureTranslation(PROMOTION_TEXTS);
  const [params] = useSearchParams();
  const tag = params.get('tag');
  const { menus } = useMenus(POSITION.PROMOTION_MENU);
  const images = useAdverts(POSITION.PROMOTION_IMAGES);
  const popup = useAdverts(POSITION.PROMOTION_POPUP);
  const shown = imagesTagged(images, tag);
  return (
    <div className="tab-page promotion-tab">
      <h1 className="page-title">{t('tabs.promotion')}</h1>
      {menus.length > 0 ? (
        <nav className="promotion-menu" aria-label={ready ? t('promotion.menu') : undefined}>
          <ul>
            {menus.map((menu) => {
              const menuTag = tagOfMenu(menu);
              const content = (
                <>
                  <img src={menu.img || menu.image} alt="" width="40" height="40" decoding="async" />
                  <span>{menu.title}</span>
                </>
              );
              return (
                <li key={menu.id}>
                  {menuTag === undefined ? (
                    <AdvertLink url={menu.url} className="promotion-menu__item">
                      {content}
                    </AdvertLink>
                  ) : (
                    <Link
                      to={menu.url}
                      replace
                      className="promotion-menu__item"
                      aria-current={menuTag === tag ? 'page' : undefined}
                    >
                      {content}
                    </Link>
                  )}
                </li>
              );
            })}
          </ul>
        </nav>
      ) : null}
      <ul className="promotion-images" aria-label={ready ? t('promotion.images') : undefined}>
        {shown.map((image) => (
          <li key={image.id}>
            <AdvertLink url={image.url} className="promotion-images__link" label={image.title}>
              <img src={image.img || image.image} alt={image.title} width="750" height="300" loading="lazy" />
            </AdvertLink>
          </li>
        ))}
      </ul>
      {ready && shown.length === 0 && images.length > 0 ? (
        <p className="page-status">{t('promotion.empty')}</p>
      ) : null}
      <PromotionPopup item={popup[0]} />
    </div>
  );
}
