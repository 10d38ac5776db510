/** The small media icons of the composers and posts (play, picture, video): decorative, always beside a text label. */
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
