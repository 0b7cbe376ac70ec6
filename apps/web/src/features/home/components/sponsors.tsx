import type { AdvertItem } from '@app/contracts/config';
import { useTranslation } from '../../../lib/i18n.ts';
import { AdvertLink } from '../../../components/ui/advert-link.tsx';

/** Partner logos in one fixed-height row (space reserved, so a late answer moves nothing). */
export function Sponsors({ items }: { items: AdvertItem[] }) {
  const { t } = useTranslation();
  return (
    <section className="sponsors" aria-label={t('home.sponsors')}>
      <ul className="sponsors__list">
        {items.map((item) => (
          <li key={item.id} className="sponsors__item">
            <AdvertLink url={item.url} className="sponsors__link" label={item.title}>
              <img
                src={item.img || item.image}
                alt={item.title}
                width="96"
                height="40"
                loading="lazy"
                decoding="async"
              />
            </AdvertLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
