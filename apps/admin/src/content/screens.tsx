import { later } from '../programmes/screens.tsx';

/** The content and notices screens, loaded when first opened (docs/back-office.md "Its bundle"). */
export const ContentPage = later(async () => (await import('./content-page.tsx')).ContentPage);
export const NoticesPage = later(async () => (await import('./notices.tsx')).NoticesPage);
