import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import Container from 'react-bootstrap/Container';
import { usePageTitle } from '../../ui/usePageTitle';

/** The console's parts, in the order of its navigation (spec 4 §2 admin screens). */
const ADMIN_PARTS = [
  { to: '/admin', label: 'Overview', end: true },
  { to: '/admin/users', label: 'Members', end: false },
  { to: '/admin/credits', label: 'Credit Updates', end: false },
  { to: '/admin/facebook', label: 'Facebook Pages', end: false },
  { to: '/admin/signals', label: 'Fair Play', end: false },
  { to: '/admin/waitlist', label: 'Waitlist', end: false },
  { to: '/admin/help', label: 'Help Desk', end: false },
  { to: '/admin/audit', label: 'Audit Log', end: false },
] as const;

interface AdminLayoutProps {
  /** The page's heading; the browser tab reads 'Admin: {title}'. */
  title: string;
  /** Controls beside the heading. */
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of every admin page: the console's navigation and the page's heading (docs/domain.md AD9). */
export function AdminLayout({ title, actions, children }: AdminLayoutProps) {
  usePageTitle(`Admin: ${title}`);
  return (
    <Container fluid="xl" className="mq-admin">
      <nav aria-label="Admin console" className="mq-admin__nav">
        <span className="mq-admin__badge">Staff</span>
        <ul className="nav nav-pills">
          {ADMIN_PARTS.map((part) => (
            <li key={part.to} className="nav-item">
              <NavLink to={part.to} end={part.end} className="nav-link">
                {part.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <header className="mq-page-head mq-page-head--bar">
        <h1>{title}</h1>
        {actions && <div className="d-flex gap-2">{actions}</div>}
      </header>
      {children}
    </Container>
  );
}
