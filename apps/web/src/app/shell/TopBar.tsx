import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { badgeCountsQuery } from '../../features/alerts/api';
import { AlertsDropdown } from '../../features/alerts/AlertsDropdown';
import { RecentThreadsDropdown } from '../../features/messages/RecentThreadsDropdown';
import { PointBox } from '../../features/points/PointBox';
import { Wordmark } from '../../ui/Wordmark';
import { AccountMenu } from './AccountMenu';
import { withoutV4 } from '../paths';

const MAIN_MENU = [
  { label: 'Home', to: '/home', also: ['/'] },
  { label: 'Dashboard', to: '/dashboard', also: [] },
  { label: 'Exchange', to: '/exchange', also: [] },
  { label: 'Community', to: '/community', also: [] },
  { label: 'Help', to: '/help', also: [] },
];

function isCurrent(pathname: string, to: string, also: string[]): boolean {
  const path = withoutV4(pathname);
  return path === to || path.startsWith(`${to}/`) || also.includes(path);
}

/**
 * The top bar (spec 1 §2). The source order (wordmark, menu, points, buttons) is the reading and
 * tab order on wide screens. Below 992 px the menu folds behind the toggle, the buttons stay
 * beside the wordmark and the point box takes a row of its own (flex order).
 */
export function TopBar() {
  const { pathname } = useLocation();
  const [expanded, setExpanded] = useState(false);
  const counts = useQuery(badgeCountsQuery);
  const close = () => setExpanded(false);

  return (
    <header>
      <Navbar
        expand="lg"
        variant="dark"
        className="mq-topbar py-2"
        aria-label="Main"
        expanded={expanded}
        onToggle={setExpanded}
      >
        <Container fluid="xl" className="gap-lg-2">
          <Navbar.Brand as={Link} to="/home" onClick={close} className="order-0">
            <Wordmark />
          </Navbar.Brand>
          <Navbar.Collapse id="mq-main-menu" className="order-2 order-lg-0">
            <Nav as="ul" className="me-auto">
              {MAIN_MENU.map((item) => {
                const current = isCurrent(pathname, item.to, item.also);
                return (
                  <Nav.Item as="li" key={item.to}>
                    <Nav.Link
                      as={Link}
                      to={item.to}
                      active={current}
                      aria-current={current ? 'page' : undefined}
                      onClick={close}
                    >
                      {item.label}
                    </Nav.Link>
                  </Nav.Item>
                );
              })}
            </Nav>
          </Navbar.Collapse>
          <div className="order-1 order-lg-0 mq-point-row">
            <PointBox />
          </div>
          <div className="d-flex align-items-center gap-1 ms-auto ms-lg-0">
            <RecentThreadsDropdown unread={counts.data?.messageCount ?? 0} />
            <AlertsDropdown unseen={counts.data?.alertCount ?? 0} />
            <AccountMenu />
            <Navbar.Toggle aria-controls="mq-main-menu" className="ms-1" />
          </div>
        </Container>
      </Navbar>
    </header>
  );
}
