/**
 * The slot's symbols, drawn for this game as one SVG sprite: the page defines each once and every cell
 * draws it with <use>, so fifteen cells and the spinning strips cost a few nodes each, and no image file
 * is downloaded. Ids are the symbol ids of packages/fair's slot ("10", "J", …, "wild", "scatter").
 */

const RANKS: Record<string, { label: string; from: string; to: string }> = {
  '10': { label: '10', from: '#5ee7df', to: '#1d8f9a' },
  J: { label: 'J', from: '#6fb1ff', to: '#2453c9' },
  Q: { label: 'Q', from: '#d38cff', to: '#7a2bc2' },
  K: { label: 'K', from: '#ff7a8a', to: '#c21f3f' },
  A: { label: 'A', from: '#ffc25c', to: '#d9700f' },
};

function Rank({ id }: { id: string }) {
  const rank = RANKS[id];
  if (!rank) return null;
  return (
    <symbol id={`sym-${id}`} viewBox="0 0 100 100">
      <defs>
        <linearGradient id={`g-${id}`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stop-color={rank.from} />
          <stop offset="1" stop-color={rank.to} />
        </linearGradient>
      </defs>
      <text
        x="50"
        y="72"
        text-anchor="middle"
        font-family="Georgia, 'Times New Roman', serif"
        font-weight="900"
        font-size={id === '10' ? 54 : 66}
        fill={`url(#g-${id})`}
        stroke="#1a0b2e"
        stroke-width="4"
        paint-order="stroke"
      >
        {rank.label}
      </text>
    </symbol>
  );
}

export function SymbolSprite() {
  return (
    <svg width="0" height="0" style={{ position: 'absolute' }} aria-hidden="true" focusable="false">
      {Object.keys(RANKS).map((id) => (
        <Rank key={id} id={id} />
      ))}
      <symbol id="sym-lion" viewBox="0 0 100 100">
        <path
          d="M50 8l7 10 11-6 2 12 12-2-3 12 11 4-8 9 8 9-11 4 3 12-12-2-2 12-11-6-7 10-7-10-11 6-2-12-12 2 3-12-11-4 8-9-8-9 11-4-3-12 12 2 2-12 11 6z"
          fill="#d9680f"
        />
        <circle cx="50" cy="52" r="25" fill="#f2b544" />
        <circle cx="32" cy="33" r="6" fill="#f2b544" stroke="#b5650f" stroke-width="2" />
        <circle cx="68" cy="33" r="6" fill="#f2b544" stroke="#b5650f" stroke-width="2" />
        <ellipse cx="50" cy="62" rx="13" ry="10" fill="#fbe3a6" />
        <circle cx="41" cy="47" r="3.5" fill="#2b1400" />
        <circle cx="59" cy="47" r="3.5" fill="#2b1400" />
        <path d="M44 56h12l-6 7z" fill="#5a2a0a" />
        <path
          d="M50 63v4M44 69q6 4 12 0"
          stroke="#5a2a0a"
          stroke-width="2.5"
          fill="none"
          stroke-linecap="round"
        />
      </symbol>
      <symbol id="sym-elephant" viewBox="0 0 100 100">
        <ellipse cx="22" cy="46" rx="18" ry="24" fill="#8e9aad" />
        <ellipse cx="78" cy="46" rx="18" ry="24" fill="#8e9aad" />
        <ellipse cx="22" cy="46" rx="11" ry="16" fill="#c9a3b2" />
        <ellipse cx="78" cy="46" rx="11" ry="16" fill="#c9a3b2" />
        <ellipse cx="50" cy="42" rx="22" ry="24" fill="#a8b3c4" />
        <path d="M43 56q-2 22 8 32 6 5 10 0-8-9-7-32z" fill="#a8b3c4" stroke="#7b8698" stroke-width="2" />
        <path
          d="M40 60q-8 10-16 10M60 60q8 10 16 10"
          stroke="#fffbea"
          stroke-width="5"
          stroke-linecap="round"
          fill="none"
        />
        <circle cx="42" cy="40" r="3.5" fill="#1a1a2e" />
        <circle cx="58" cy="40" r="3.5" fill="#1a1a2e" />
      </symbol>
      <symbol id="sym-buffalo" viewBox="0 0 100 100">
        <path
          d="M30 34q-22 4-24-18 6 10 22 8zM70 34q22 4 24-18-6 10-22 8z"
          fill="#efe6d0"
          stroke="#6b5a3a"
          stroke-width="2"
        />
        <path d="M26 30q24-12 48 0 2 6-4 8H30q-6-2-4-8z" fill="#3b2a1e" />
        <path d="M30 36q20-6 40 0l-4 34q-16 14-32 0z" fill="#5b3f2a" />
        <ellipse cx="50" cy="72" rx="15" ry="11" fill="#8a6a4f" />
        <circle cx="44" cy="73" r="2.5" fill="#2a1a10" />
        <circle cx="56" cy="73" r="2.5" fill="#2a1a10" />
        <circle cx="40" cy="48" r="3.5" fill="#f6d37a" />
        <circle cx="60" cy="48" r="3.5" fill="#f6d37a" />
      </symbol>
      <symbol id="sym-zebra" viewBox="0 0 100 100">
        <path d="M38 14l-6-8 12 6zM62 14l6-8-12 6z" fill="#f4f4f4" stroke="#222" stroke-width="2" />
        <path d="M50 10q-22 4-22 30 0 20 8 36 6 12 14 12t14-12q8-16 8-36 0-26-22-30z" fill="#f4f4f4" />
        <path
          d="M30 30q10 2 12 8M29 42q12 0 14 6M31 54q10-1 12 5M70 30q-10 2-12 8M71 42q-12 0-14 6M69 54q-10-1-12 5M50 10v14M44 12q2 8 6 12M56 12q-2 8-6 12"
          stroke="#1e1e1e"
          stroke-width="4"
          fill="none"
          stroke-linecap="round"
        />
        <ellipse cx="50" cy="80" rx="12" ry="9" fill="#2b2b2b" />
        <circle cx="45" cy="80" r="2" fill="#777" />
        <circle cx="55" cy="80" r="2" fill="#777" />
        <circle cx="40" cy="44" r="3" fill="#1a1a1a" />
        <circle cx="60" cy="44" r="3" fill="#1a1a1a" />
      </symbol>
      <symbol id="sym-wild" viewBox="0 0 100 100">
        <defs>
          <linearGradient id="g-wild" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stop-color="#fff3a8" />
            <stop offset=".5" stop-color="#ffd23f" />
            <stop offset="1" stop-color="#e08600" />
          </linearGradient>
        </defs>
        <path
          d="M50 4l12 26 28-4-18 22 18 22-28-4-12 26-12-26-28 4 18-22L10 26l28 4z"
          fill="url(#g-wild)"
          stroke="#7a3b00"
          stroke-width="3"
        />
        <text
          x="50"
          y="58"
          text-anchor="middle"
          font-family="Impact, 'Arial Black', sans-serif"
          font-weight="900"
          font-size="22"
          fill="#5a1a00"
          letter-spacing="1"
        >
          WILD
        </text>
      </symbol>
      <symbol id="sym-scatter" viewBox="0 0 100 100">
        <defs>
          <radialGradient id="g-sun" cx=".5" cy=".45" r=".55">
            <stop offset="0" stop-color="#ffe27a" />
            <stop offset=".6" stop-color="#ff8a2b" />
            <stop offset="1" stop-color="#c2273f" />
          </radialGradient>
        </defs>
        <circle cx="50" cy="46" r="40" fill="url(#g-sun)" stroke="#fff1b8" stroke-width="3" />
        <path d="M14 62h72v6H14z" fill="#3a1a0a" />
        <path
          d="M48 62V44M48 44q-16-4-24 0 10-8 24-4 14-4 24 4-8-4-24 0"
          stroke="#3a1a0a"
          stroke-width="4"
          fill="#3a1a0a"
        />
        <text
          x="50"
          y="88"
          text-anchor="middle"
          font-family="Impact, 'Arial Black', sans-serif"
          font-weight="900"
          font-size="17"
          fill="#fff"
          stroke="#7a1020"
          stroke-width="3"
          paint-order="stroke"
        >
          BONUS
        </text>
      </symbol>
    </svg>
  );
}

/** One symbol, as drawn in a cell. */
export function SlotSymbol({ id, class: className }: { id: string; class?: string }) {
  return (
    <svg class={className} viewBox="0 0 100 100" aria-hidden="true">
      <use href={`#sym-${id}`} />
    </svg>
  );
}
