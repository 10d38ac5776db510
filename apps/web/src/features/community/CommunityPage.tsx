import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { COMMUNITY_PARTS, CommunityLayout } from './CommunityLayout';

const line = {
  width: 28,
  height: 28,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};

/** Each part's line icon (drawn inline) and the words of its link. */
const LOOK: Record<(typeof COMMUNITY_PARTS)[number]['to'], { icon: ReactNode; go: string }> = {
  '/community/board': {
    go: 'Read the board',
    icon: (
      <svg {...line}>
        <path d="M4 5h12a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H9l-4 3v-3H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Z" />
        <path d="M18 9h2a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-1v3l-3-3h-4" />
      </svg>
    ),
  },
  '/community/directory': {
    go: 'Find members',
    icon: (
      <svg {...line}>
        <circle cx="9" cy="8" r="3.5" />
        <path d="M2.5 20c.6-3.6 3.2-5.5 6.5-5.5s5.9 1.9 6.5 5.5" />
        <circle cx="17.5" cy="9.5" r="2.5" />
        <path d="M17 14.6c2.5.2 4 1.8 4.5 4.4" />
      </svg>
    ),
  },
  '/community/watch': {
    go: 'See what’s on',
    icon: (
      <svg {...line}>
        <rect x="3" y="5" width="18" height="16" rx="2.5" />
        <path d="M3 10h18M8 3v4M16 3v4" />
        <path d="m12 12.8.9 1.8 2 .3-1.45 1.4.35 2-1.8-.95-1.8.95.35-2L9.1 14.9l2-.3Z" />
      </svg>
    ),
  },
};

/** /community: the community's three parts, each with what it is for. */
export default function CommunityPage() {
  return (
    <CommunityLayout title="Community">
      <p className="mq-community__intro">
        Marquee is more than points: talk shop on the board, find the people you need and cheer each other’s
        premieres.
      </p>
      <ul className="mq-community__parts list-unstyled">
        {COMMUNITY_PARTS.map((part) => (
          <li key={part.to} className="card">
            <div className="card-body">
              <span className="mq-community__icon">{LOOK[part.to].icon}</span>
              <h2 className="h5">
                <Link to={part.to} className="stretched-link">
                  {part.label}
                </Link>
              </h2>
              <p className="text-body-secondary">{part.blurb}</p>
              <span className="mq-community__go" aria-hidden="true">
                {LOOK[part.to].go} →
              </span>
            </div>
          </li>
        ))}
      </ul>
    </CommunityLayout>
  );
}
