/** The marquee sign: a frame of bulbs around a star, gold on indigo. */
export function MarqueeMark({ size = 28 }: { size?: number }) {
  return (
    <svg
      className="mq-wordmark__mark"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="7" fill="#1d1846" />
      <rect
        x="4.5"
        y="4.5"
        width="23"
        height="23"
        rx="4"
        fill="none"
        stroke="#e0a526"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeDasharray="0 4.6"
      />
      <path
        fill="#f3c95f"
        d="M16 9.6l1.76 4.57 4.9.27-3.81 3.09 1.26 4.73L16 19.6l-4.11 2.66 1.26-4.73-3.81-3.09 4.9-.27z"
      />
    </svg>
  );
}

/** "Marquee" with its mark; the text is the accessible name wherever the wordmark is a link. */
export function Wordmark({ size = 28 }: { size?: number }) {
  return (
    <span className="mq-wordmark">
      <MarqueeMark size={size} />
      <span>Marquee</span>
    </span>
  );
}
