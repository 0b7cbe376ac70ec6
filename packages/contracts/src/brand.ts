/**
 * A brand is configuration: one record per theme, read wherever the brand shows (the manifest, the API
 * document, the game pages, the demo seed's footer licence, address and texts, the art served at
 * /statics/). Nothing else in the product spells a brand's name.
 *
 * No zod here: the web app's home path imports it.
 */

/** The themes, as `THEMES` in config.ts names them (kept apart so this module stays free of zod). */
type Theme = 'winslots' | 'luckywin';

export type Brand = {
  theme: Theme;
  /** What players call the site: header logo's alt text, manifest, SMS, messages. */
  name: string;
  /** The licensed company that runs it (footer licence text, contact pages). */
  operator: string;
  /** The licence number the regulator gave the operator. */
  licenceNumber: string;
  /** The operator's registered address, as the footer and the contact page show it. */
  address: { en: string; fr: string; pt: string; sw: string };
  /** The brand's web domain, for its e-mail address. */
  domain: string;
  /** Its name on social networks (facebook.com/<handle>, …). */
  socialHandle: string;
  /** Browser chrome and splash colours (theme-color, manifest). */
  colours: { theme: string; background: string };
  /**
   * Its art set: the folder under the server's static/brands/ whose files are served at /statics/ in
   * place of the shared ones (popup adverts, deposit icons); undefined serves the shared art as it is.
   */
  artSet: string | undefined;
  /** Its logo and app-download banner, under /statics/. */
  art: { logo: string; appBanner: string };
};

export const BRANDS: Record<Theme, Brand> = {
  winslots: {
    theme: 'winslots',
    name: 'WinSlots',
    operator: 'WinSlots Gaming Ltd',
    licenceNumber: '0000XXX (demo)',
    address: {
      en: '4th Floor, Westlands Square, Nairobi, Kenya',
      fr: '4e étage, Westlands Square, Nairobi, Kenya',
      pt: '4º andar, Westlands Square, Nairóbi, Quênia',
      sw: 'Ghorofa ya 4, Westlands Square, Nairobi, Kenya',
    },
    domain: 'winslots.co.ke',
    socialHandle: 'winslots.ke',
    colours: { theme: '#1b0b3a', background: '#12072a' },
    // The shared art is WinSlots' own.
    artSet: undefined,
    art: { logo: '/statics/brand/winslots-logo.webp', appBanner: '/statics/brand/winslots-app-banner.svg' },
  },
  luckywin: {
    theme: 'luckywin',
    name: 'LuckyWin',
    operator: 'LuckyWin Entertainment Ltd',
    licenceNumber: '0000YYY (demo)',
    address: {
      en: '2nd Floor, Riverside Mews, Riverside Drive, Nairobi, Kenya',
      fr: '2e étage, Riverside Mews, Riverside Drive, Nairobi, Kenya',
      pt: '2º andar, Riverside Mews, Riverside Drive, Nairóbi, Quênia',
      sw: 'Ghorofa ya 2, Riverside Mews, Riverside Drive, Nairobi, Kenya',
    },
    domain: 'luckywin.co.ke',
    socialHandle: 'luckywin.ke',
    colours: { theme: '#0b4d3b', background: '#06281f' },
    artSet: 'luckywin',
    art: { logo: '/statics/brand/luckywin-logo.webp', appBanner: '/statics/brand/luckywin-app-banner.svg' },
  },
};

/** The brand a server runs as: its theme's record, with the operator's BRAND_NAME if one is set. */
export function brandFor(theme: Theme, nameOverride?: string): Brand {
  const brand = BRANDS[theme];
  return nameOverride ? { ...brand, name: nameOverride } : brand;
}

/**
 * Fills a text's `{brand}`, `{operator}`, `{licence}`, `{address}`, `{domain}` and `{handle}` with the
 * brand's, in the text's language (the demo seed's texts are written so).
 */
export function fillBrand(text: string, brand: Brand, language: keyof Brand['address'] = 'en'): string {
  return text
    .replaceAll('{brand}', brand.name)
    .replaceAll('{operator}', brand.operator)
    .replaceAll('{licence}', brand.licenceNumber)
    .replaceAll('{address}', brand.address[language])
    .replaceAll('{domain}', brand.domain)
    .replaceAll('{handle}', brand.socialHandle);
}
