import type { AdvertItem, MenuItem } from '@app/contracts/config';
import { PAGE_PATHS } from '@app/contracts/page-paths';

/**
 * The promotion menu (200101) filters the promotion images (900103): an entry whose url is
 * `/promotion?tag=<tag>` shows the images whose `content` lists that tag (comma-separated); `/promotion`
 * shows all; any other url is a plain link (docs/promotions.md "Promotion tab").
 */
export function tagOfMenu(menu: MenuItem): string | null | undefined {
  const [path, query = ''] = menu.url.split('?');
  if (path !== PAGE_PATHS.promotion) return undefined;
  return new URLSearchParams(query).get('tag') ?? null;
}

export function imagesTagged(images: AdvertItem[], tag: string | null): AdvertItem[] {
  if (!tag) return images;
  return images.filter((image) =>
    image.content
      .split(',')
      .map((each) => each.trim())
      .includes(tag),
  );
}
