import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import Container from 'react-bootstrap/Container';
import { usePageTitle } from '../../ui/usePageTitle';
import { FindMember } from './FindMember';

/** The community's parts, in the order of its sub-navigation (spec 3 §2). */
export const COMMUNITY_PARTS = [
  {
    to: '/community/board',
    label: 'Message Board',
    short: 'Board',
    blurb: 'Ask, answer and share news with film and TV professionals, topic by topic.',
  },
  {
    to: '/community/directory',
    label: 'Member Directory',
    short: 'Directory',
    blurb: 'Find members by what they do and where they work.',
  },
  {
    to: '/community/watch',
    label: 'When To Watch',
    short: 'When To Watch',
    blurb: "Premieres, air dates and releases members are in, and who's taking part.",
  },
] as const;

interface CommunityLayoutProps {
  /** The page's heading and the browser tab's title. */
  title: string;
  /** Buttons beside the heading (a page's main action, such as starting a topic). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every community page (spec 3 §2): the heading with the page's actions, the
 * community's sub-navigation and 'Find Another Member'.
 */
export function CommunityLayout({ title, actions, children }: CommunityLayoutProps) {
  usePageTitle(title);
  return (
    <Container fluid="xl" className="mq-community">
      <div className="mq-community__bar">
        <nav aria-label="Community" className="mq-community__nav">
          <ul className="nav nav-pills">
            {COMMUNITY_PARTS.map((part) => (
              <li key={part.to} className="nav-item">
                <NavLink to={part.to} className="nav-link">
                  <span className="d-none d-sm-inline">{part.label}</span>
                  <span className="d-sm-none">{part.short}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <FindMember />
      </div>
      <header className="mq-page-head mq-community__head">
        <h1>{title}</h1>
        {actions && <div className="mq-community__actions">{actions}</div>}
      </header>
      {children}
    </Container>
  );
}
