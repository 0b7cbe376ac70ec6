import type { ReactNode } from 'react';

/** The card faces: the everyday set, and the Christmas variant's (CHRISTMAS=1, the app settings' `christmas`). */
export type CardArtSet = 'classic' | 'christmas';

type Face = { name: string; colour: string; drawing: ReactNode };

/** Hand-drawn marks on a 48×48 grid, one per card (1 = the first light). */
const FACES: Record<CardArtSet, Face[]> = {
  classic: [
    {
      name: 'crown',
      colour: '#f2a900',
      drawing: <path d="M8 34 L10 16 L18 25 L24 12 L30 25 L38 16 L40 34 Z M8 37 H40 V41 H8 Z" fill="#fff" />,
    },
    {
      name: 'diamond',
      colour: '#2d8cf0',
      drawing: (
        <path
          d="M14 12 H34 L42 21 L24 40 L6 21 Z M6 21 H42 M18 12 L24 40 L30 12"
          fill="#fff"
          stroke="#1b5fa8"
          strokeWidth="1.5"
        />
      ),
    },
    {
      name: 'clover',
      colour: '#1fa463',
      drawing: (
        <g fill="#fff">
          <circle cx="24" cy="15" r="7" />
          <circle cx="15" cy="24" r="7" />
          <circle cx="33" cy="24" r="7" />
          <circle cx="24" cy="31" r="7" />
          <path d="M23 30 Q22 38 17 42 L19 43 Q25 38 25 30 Z" />
        </g>
      ),
    },
    {
      name: 'star',
      colour: '#8e44ad',
      drawing: <path d="M24 6 L29 18 L42 19 L32 28 L35 41 L24 34 L13 41 L16 28 L6 19 L19 18 Z" fill="#fff" />,
    },
    {
      name: 'seven',
      colour: '#e0452b',
      drawing: <path d="M12 10 H37 V15 L24 42 H17 L29 16 H12 Z" fill="#fff" />,
    },
  ],
  christmas: [
    {
      name: 'tree',
      colour: '#1b7a3e',
      drawing: (
        <g>
          <path d="M24 5 L36 22 H30 L39 34 H9 L18 22 H12 Z" fill="#fff" />
          <rect x="21" y="34" width="6" height="7" fill="#f2d8a0" />
          <circle cx="22" cy="20" r="2" fill="#e0452b" />
          <circle cx="27" cy="28" r="2" fill="#f2a900" />
        </g>
      ),
    },
    {
      name: 'gift',
      colour: '#c0392b',
      drawing: (
        <g fill="#fff">
          <rect x="9" y="19" width="30" height="22" rx="2" />
          <rect x="7" y="14" width="34" height="7" rx="2" />
          <path d="M24 14 Q16 4 13 11 Q12 15 24 14 Q36 15 35 11 Q32 4 24 14 Z" />
          <rect x="22" y="14" width="4" height="27" fill="#f2a900" />
        </g>
      ),
    },
    {
      name: 'bell',
      colour: '#d48a00',
      drawing: (
        <g fill="#fff">
          <path d="M24 8 Q34 9 34 22 Q34 30 40 34 H8 Q14 30 14 22 Q14 9 24 8 Z" />
          <circle cx="24" cy="38" r="4" />
        </g>
      ),
    },
    {
      name: 'snowflake',
      colour: '#2878c8',
      drawing: (
        <g stroke="#fff" strokeWidth="3" strokeLinecap="round">
          <path d="M24 6 V42 M8.4 15 L39.6 33 M8.4 33 L39.6 15" />
          <path d="M19 9 L24 13 L29 9 M19 39 L24 35 L29 39" fill="none" />
        </g>
      ),
    },
    {
      name: 'hat',
      colour: '#8e1f2b',
      drawing: (
        <g>
          <path d="M10 34 Q14 12 30 10 Q38 12 38 24 L34 24 Q32 18 28 18 Q22 24 22 34 Z" fill="#fff" />
          <rect x="7" y="33" width="34" height="7" rx="3.5" fill="#fff" />
          <circle cx="37" cy="26" r="4" fill="#fff" />
        </g>
      ),
    },
  ],
};

/** The name key of card `card` (1 to 5) in an art set, for its label (`collectCards.card.<name>`). */
export function cardNameKey(art: CardArtSet, card: number): string {
  return `collectCards.card.${FACES[art][card - 1]?.name ?? 'unknown'}`;
}

/** One card's face (held) or back (not yet), with its number for those who cannot tell the drawings apart. */
export function CardFace({
  art,
  card,
  held,
  label,
}: {
  art: CardArtSet;
  card: number;
  held: boolean;
  label: string;
}) {
  const face = FACES[art][card - 1];
  return (
    <span
      className={`cc-card${held ? ' is-held' : ''}`}
      style={held && face ? { background: face.colour } : undefined}
      role="img"
      aria-label={label}
    >
      {held && face ? (
        <svg viewBox="0 0 48 48" width="44" height="44" aria-hidden="true">
          {face.drawing}
        </svg>
      ) : (
        <span className="cc-card__back" aria-hidden="true">
          ?
        </span>
      )}
      <span className="cc-card__number" aria-hidden="true">
        {card}
      </span>
    </span>
  );
}
