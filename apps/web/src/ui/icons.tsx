/** The few line icons of the top bar and footer, drawn inline so nothing loads from elsewhere. */
const base = {
  width: 22,
  height: 22,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};

export function EnvelopeIcon() {
  return (
    <svg {...base}>
      <rect x="3" y="5" width="18" height="14" rx="2.5" />
      <path d="m4 7 8 6 8-6" />
    </svg>
  );
}

export function BellIcon() {
  return (
    <svg {...base}>
      <path d="M6 9a6 6 0 0 1 12 0c0 5 2 6.5 2 6.5H4S6 14 6 9Z" />
      <path d="M10 19a2 2 0 0 0 4 0" />
    </svg>
  );
}

export function ChevronDownIcon() {
  return (
    <svg {...base} width={14} height={14} strokeWidth={2.4}>
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

const social = {
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  fill: 'currentColor',
  'aria-hidden': true,
  focusable: false,
};

export function XIcon() {
  return (
    <svg {...social}>
      <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.3L5.3 21H2.2l7.2-8.3L2 3h6.3l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5Z" />
    </svg>
  );
}

export function FacebookIcon() {
  return (
    <svg {...social}>
      <path d="M13.5 21v-7.5H16l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4c-.3 0-1.2-.1-2.2-.1-2.2 0-3.7 1.3-3.7 3.8v2.4H8v3h2.6V21h2.9Z" />
    </svg>
  );
}

export function InstagramIcon() {
  return (
    <svg {...social} fill="none" stroke="currentColor" strokeWidth={1.8}>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.3" cy="6.7" r="0.6" fill="currentColor" />
    </svg>
  );
}

export function YouTubeIcon() {
  return (
    <svg {...social}>
      <path d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8ZM10 15V9l5.2 3L10 15Z" />
    </svg>
  );
}

/** The membership levels' marks (spec 3 §3 "Membership option" icons). */
export function LevelIcon({ icon }: { icon: 'check' | 'star' | 'rocket' | 'crown' }) {
  return (
    <svg {...base} width={18} height={18} strokeWidth={2}>
      {icon === 'check' && <path d="m5 12.5 4.5 4.5L19 7.5" />}
      {icon === 'star' && (
        <path d="m12 3.5 2.6 5.3 5.8.8-4.2 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.2-4.1 5.8-.8Z" />
      )}
      {icon === 'rocket' && (
        <>
          <path d="M14 4c3 0 6 3 6 6l-7.5 7.5-6-6L14 4Z" />
          <path d="m6.5 11.5-3 1 3 3M12.5 17.5l-1 3-3-3" />
          <circle cx="15" cy="9" r="1.3" />
        </>
      )}
      {icon === 'crown' && <path d="m4 8 4 4 4-6 4 6 4-4-1.5 10h-13L4 8Z" />}
    </svg>
  );
}
