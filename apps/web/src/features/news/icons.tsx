/** The feed's small icons: decorative, always beside a text label. */
const svg = { width: 16, height: 16, viewBox: '0 0 16 16', 'aria-hidden': true, focusable: false } as const;

export function IconHeart({ filled }: { filled: boolean }) {
  return (
    <svg {...svg} fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.4">
      <path d="M8 14s-5.5-3.3-5.5-7.2A3 3 0 0 1 8 5a3 3 0 0 1 5.5 1.8C13.5 10.7 8 14 8 14Z" />
    </svg>
  );
}

export function IconComment() {
  return (
    <svg {...svg} fill="none" stroke="currentColor" strokeWidth="1.4">
      <path d="M2.5 3.5h11v7.5H7l-3 2.5V11H2.5z" strokeLinejoin="round" />
    </svg>
  );
}

export function IconMore() {
  return (
    <svg {...svg} fill="currentColor">
      <circle cx="3" cy="8" r="1.5" />
      <circle cx="8" cy="8" r="1.5" />
      <circle cx="13" cy="8" r="1.5" />
    </svg>
  );
}
