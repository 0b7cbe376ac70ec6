import { BENEFIT_TYPE } from '@app/contracts/vip';
import type { ReactNode } from 'react';

/** The line drawing of each benefit type (24 × 24, currentColor); decorative, the card carries the name. */
const DRAWINGS: Readonly<Record<number, ReactNode>> = {
  // A banknote: cash bonus, anniversary, Christmas and Easter cash.
  [BENEFIT_TYPE.cashBonus]: (
    <>
      <rect x="3" y="6" width="18" height="12" rx="2" />
      <circle cx="12" cy="12" r="2.5" />
    </>
  ),
  [BENEFIT_TYPE.cashback]: (
    <>
      <path d="M4 12a8 8 0 1 0 2.3-5.6" />
      <path d="M4 4v4h4" />
    </>
  ),
  [BENEFIT_TYPE.dailyCoins]: (
    <>
      <circle cx="12" cy="12" r="8" />
      <path d="M12 8v8" />
    </>
  ),
  [BENEFIT_TYPE.cashRain]: (
    <>
      <path d="M7 14a4 4 0 0 1 .5-8 5 5 0 0 1 9.5 1.5A3.5 3.5 0 0 1 17 14" />
      <path d="M9 17v3M13 16v3M16 17v3" />
    </>
  ),
  [BENEFIT_TYPE.customerService]: (
    <>
      <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
      <rect x="3" y="13" width="4" height="6" rx="1" />
      <rect x="17" y="13" width="4" height="6" rx="1" />
    </>
  ),
  [BENEFIT_TYPE.vipManager]: <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z" />,
  [BENEFIT_TYPE.diamondExchange]: (
    <>
      <path d="M6 4h12l3 5-9 11L3 9z" />
      <path d="M3 9h18" />
    </>
  ),
  [BENEFIT_TYPE.anniversaryCash]: (
    <>
      <rect x="4" y="11" width="16" height="9" rx="1" />
      <path d="M4 15h16M12 7v4M12 4v1" />
    </>
  ),
  [BENEFIT_TYPE.freeTickets]: (
    <>
      <path d="M3 8a2 2 0 0 0 0 4v5h18v-5a2 2 0 0 1 0-4V5H3z" />
      <path d="M14 5v12" strokeDasharray="2 2" />
    </>
  ),
  [BENEFIT_TYPE.weeklyCoins]: (
    <>
      <rect x="4" y="5" width="16" height="15" rx="2" />
      <path d="M4 10h16M9 3v4M15 3v4" />
    </>
  ),
  [BENEFIT_TYPE.mallA]: (
    <>
      <path d="M5 8h14l-1 12H6z" />
      <path d="M9 8a3 3 0 0 1 6 0" />
    </>
  ),
  [BENEFIT_TYPE.mallB]: (
    <>
      <path d="M3 12V4h8l10 10-8 8z" />
      <circle cx="7.5" cy="7.5" r="1.5" />
    </>
  ),
};

export function BenefitIcon({ type }: { type: number }) {
  return (
    <svg
      className="vip-benefit__icon"
      width="26"
      height="26"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {DRAWINGS[type] ?? DRAWINGS[BENEFIT_TYPE.cashBonus]}
    </svg>
  );
}
