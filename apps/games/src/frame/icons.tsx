/** The frame's icons: small inline SVGs drawn for these pages, no icon font or image files. */
type IconProps = { size?: number };

const svg = (size: number, children: preact.ComponentChildren) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    stroke-width="2"
    stroke-linecap="round"
    stroke-linejoin="round"
    aria-hidden="true"
  >
    {children}
  </svg>
);

export const SoundOnIcon = ({ size = 22 }: IconProps) =>
  svg(
    size,
    <>
      <path d="M4 9v6h4l5 4V5L8 9z" fill="currentColor" />
      <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />
    </>,
  );

export const SoundOffIcon = ({ size = 22 }: IconProps) =>
  svg(
    size,
    <>
      <path d="M4 9v6h4l5 4V5L8 9z" fill="currentColor" />
      <path d="M17 9l5 6M22 9l-5 6" />
    </>,
  );

export const RulesIcon = ({ size = 22 }: IconProps) =>
  svg(
    size,
    <>
      <path d="M5 4h11a3 3 0 0 1 3 3v13H8a3 3 0 0 1-3-3z" />
      <path d="M5 17a3 3 0 0 1 3-3h11M9 8h6" />
    </>,
  );

export const HistoryIcon = ({ size = 22 }: IconProps) =>
  svg(
    size,
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </>,
  );

export const ShieldIcon = ({ size = 22 }: IconProps) =>
  svg(
    size,
    <>
      <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6z" />
      <path d="M8.5 12l2.5 2.5 4.5-5" />
    </>,
  );

export const CloseIcon = ({ size = 22 }: IconProps) => svg(size, <path d="M6 6l12 12M18 6L6 18" />);
