/** The board's small icons: decorative, always beside a text label. */
const svg = { width: 16, height: 16, viewBox: '0 0 16 16', 'aria-hidden': true, focusable: false } as const;

export function IconPlay() {
  return (
    <svg {...svg} fill="currentColor">
      <path d="M4 2.5v11a.5.5 0 0 0 .76.43l9-5.5a.5.5 0 0 0 0-.86l-9-5.5A.5.5 0 0 0 4 2.5Z" />
    </svg>
  );
}

export function IconImage() {
  return (
    <svg {...svg} fill="none" stroke="currentColor" strokeWidth="1.4">
      <rect x="1.5" y="2.5" width="13" height="11" rx="1.5" />
      <circle cx="5.5" cy="6" r="1.3" />
      <path d="m2 12 4-4 3 3 2-2 3.5 3.5" />
    </svg>
  );
}

export function IconVideo() {
  return (
    <svg {...svg} fill="currentColor">
      <path d="M1.5 3.5A1.5 1.5 0 0 1 3 2h7a1.5 1.5 0 0 1 1.5 1.5v1.4l2.7-1.6a.5.5 0 0 1 .8.4v8.6a.5.5 0 0 1-.8.4l-2.7-1.6v1.4A1.5 1.5 0 0 1 10 14H3a1.5 1.5 0 0 1-1.5-1.5v-9Z" />
    </svg>
  );
}

export function IconBell({ filled }: { filled: boolean }) {
  return (
    <svg {...svg} fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.4">
      <path d="M4 6.5a4 4 0 0 1 8 0c0 3.3 1.5 4.5 1.5 4.5h-11S4 9.8 4 6.5Z" />
      <path d="M6.6 13.2a1.5 1.5 0 0 0 2.8 0" />
    </svg>
  );
}

export function IconPlus() {
  return (
    <svg {...svg} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M8 3v10M3 8h10" />
    </svg>
  );
}

export function IconTrash() {
  return (
    <svg {...svg} fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round">
      <path d="M2.5 4h11M6 4V2.5h4V4M4 4l.7 9.5h6.6L12 4M6.5 6.5v5M9.5 6.5v5" />
    </svg>
  );
}
