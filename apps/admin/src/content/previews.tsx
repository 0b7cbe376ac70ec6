import type { ReactNode } from 'react';
import { POSITION } from '@app/contracts/config';
import type { TextKey } from '../texts.ts';
import { useText } from '../use-text.ts';

/**
 * Pictures of the player app's screens on a 360 px phone, drawn from the form's draft: the home banner, a
 * popup, the floating advert, a menu grid, the FAQ page, the notice ticker. Pictures of the app, not the
 * app itself: the same sizes and order, so an operator sees what a change does before saving it.
 */
export type PreviewEntry = { id: number; title: string; image: string; url: string };

const POPUPS: readonly number[] = [POSITION.HOME_POPUP, POSITION.DEPOSIT_POPUP, POSITION.PROMOTION_POPUP];
/** Menus shown as a grid of icons (the home menu has 5 columns); the others are lists. */
const GRID_MENUS: readonly number[] = [POSITION.HOME_MENU, POSITION.HOME_MENU_SECONDARY];

export function positionLabel(position: number): TextKey {
  return `position.${position}` as TextKey;
}

function Phone({ testId, bar, children }: { testId: string; bar: string; children: ReactNode }) {
  const t = useText();
  return (
    <figure className="phone-preview" aria-label={t('content.preview')}>
      <figcaption className="muted small-text">{t('content.preview')}</figcaption>
      <div className="phone" data-testid={testId}>
        <div className="phone-bar">{bar}</div>
        {children}
      </div>
    </figure>
  );
}

function LinkLine({ url }: { url: string }) {
  const t = useText();
  return <p className="phone-hint">{url ? t('content.opens', { link: url }) : t('content.noLink')}</p>;
}

/** An advert where its position puts it: a banner across the screen, a popup over it, or the floating one. */
export function AdvertPreview({
  position,
  entry,
  shown,
}: {
  position: number;
  entry: PreviewEntry;
  shown: boolean;
}) {
  const t = useText();
  const picture = <img src={entry.image} alt={entry.title} className="phone-advert-image" />;
  let body: ReactNode;
  if (POPUPS.includes(position)) {
    body = (
      <div className="phone-dim">
        <div className="phone-popup">
          <span className="phone-close" aria-hidden="true">
            ×
          </span>
          {picture}
        </div>
      </div>
    );
  } else if (position === POSITION.FLOATING) {
    body = (
      <div className="phone-page">
        <div className="phone-placeholder" />
        <div className="phone-floating">{picture}</div>
      </div>
    );
  } else {
    body = (
      <div className="phone-page">
        <div className="phone-banner">{picture}</div>
        <div className="phone-placeholder" />
      </div>
    );
  }
  return (
    <Phone testId="advert-preview" bar={t(positionLabel(position))}>
      {body}
      <p className="phone-caption">{entry.title}</p>
      <LinkLine url={entry.url} />
      {!shown && <p className="phone-hint warn">{t('content.hiddenNow')}</p>}
    </Phone>
  );
}

/** A menu as the app draws it: the position's entries that are on, in order, the edited one marked. */
export function MenuPreview({
  position,
  entries,
  editedId,
}: {
  position: number;
  entries: PreviewEntry[];
  editedId: number;
}) {
  const t = useText();
  const grid = GRID_MENUS.includes(position);
  return (
    <Phone testId="menu-preview" bar={t(positionLabel(position))}>
      <ul className={grid ? 'phone-menu-grid' : 'phone-menu-list'}>
        {entries.map((entry) => (
          <li key={entry.id} className={entry.id === editedId ? 'edited' : undefined}>
            {entry.image ? <img src={entry.image} alt="" /> : <span className="phone-menu-blank" />}
            <span>{entry.title}</span>
          </li>
        ))}
      </ul>
      {!entries.some((entry) => entry.id === editedId) && (
        <p className="phone-hint warn">{t('content.hiddenNow')}</p>
      )}
    </Phone>
  );
}

/** The FAQ page: its entries that are on, in order, the edited one open. */
export function FaqPreview({
  title,
  entries,
  editedId,
}: {
  title: string;
  entries: { id: number; question: string; answer: string }[];
  editedId: number;
}) {
  const t = useText();
  return (
    <Phone testId="faq-preview" bar={title}>
      <div className="phone-faq">
        {entries.map((entry) => (
          <details key={entry.id} open={entry.id === editedId} className="phone-faq-item">
            <summary>{entry.question}</summary>
            <p className="phone-text">{entry.answer}</p>
          </details>
        ))}
      </div>
      {!entries.some((entry) => entry.id === editedId) && (
        <p className="phone-hint warn">{t('content.hiddenNow')}</p>
      )}
    </Phone>
  );
}

/** The home page's notice ticker with the message in it. */
export function TickerPreview({ message }: { message: string }) {
  const t = useText();
  return (
    <Phone testId="notice-preview" bar={t('position.500101')}>
      <div className="phone-page">
        <div className="phone-placeholder" />
        <p className="phone-ticker">
          <span aria-hidden="true">📢</span> <span>{message.trim() || t('notices.previewText')}</span>
        </p>
        <div className="phone-placeholder" />
      </div>
    </Phone>
  );
}
