/**
 * The portal's mark in the header: the drawing of public/favicon.svg (the tab and install icon),
 * drawn inline. As an <img> of that file it was one more request before the first paint (React
 * preloads images it prerenders) and appeared a round trip after the rest of the header.
 */
export function BrandMark() {
  return (
    <svg
      className="brand__mark"
      viewBox="0 0 32 32"
      width="28"
      height="28"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="#1f4fd1" />
      <path
        d="M12.5 10.5 7 16l5.5 5.5M19.5 10.5 25 16l-5.5 5.5"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M17.3 9.5 14.7 22.5"
        fill="none"
        stroke="#9fbaff"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
    </svg>
  );
}
