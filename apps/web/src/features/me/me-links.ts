/** An app link the Me page adds of its own: where it goes, and its catalogue key. */
export type AppLink = { readonly to: string; readonly key: string };

const pathOf = (url: string) => (url.split(/[?#]/)[0] ?? '').replace(/(.)\/+$/, '$1');

/**
 * The app's own links the operator's profile menu does not already have. The menu is the operator's to
 * arrange, and the demo one lists settings, FAQ and support: added again, each showed twice.
 */
export function linksNotInMenu<T extends AppLink>(links: readonly T[], menuUrls: readonly string[]): T[] {
  const inMenu = new Set(menuUrls.map(pathOf));
  return links.filter((link) => !inMenu.has(pathOf(link.to)));
}
