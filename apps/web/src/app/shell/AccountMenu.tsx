import { Link } from 'react-router';
import Dropdown from 'react-bootstrap/Dropdown';
import { Avatar } from '../../ui/Avatar';
import { ChevronDownIcon } from '../../ui/icons';
import { useCurrentUser } from '../session';

/** The avatar dropdown (spec 1 §2); Admin shows only for staff, and the server checks again. */
export function AccountMenu() {
  const user = useCurrentUser();
  return (
    <Dropdown align="end">
      <Dropdown.Toggle as="button" type="button" bsPrefix="mq-avatar-toggle" aria-label="Account menu">
        <Avatar src={user.avatar} size={32} alt="" />
        <span className="d-none d-xl-inline">{user.first}</span>
        <ChevronDownIcon />
      </Dropdown.Toggle>
      <Dropdown.Menu className="shadow mq-account-menu">
        <div className="px-3 pt-1 pb-2 small text-body-secondary">
          Signed in as <strong className="text-body">{`${user.first} ${user.last}`}</strong>
        </div>
        <Dropdown.Item as={Link} to="/profile">
          Profile
        </Dropdown.Item>
        <Dropdown.Item as={Link} to="/account">
          Account
        </Dropdown.Item>
        <Dropdown.Item as={Link} to="/history">
          History
        </Dropdown.Item>
        <Dropdown.Item as={Link} to="/referrals">
          Referrals
        </Dropdown.Item>
        <Dropdown.Item as={Link} to="/getting-started">
          Getting Started
        </Dropdown.Item>
        {user.isAdmin && (
          <Dropdown.Item as={Link} to="/admin">
            Admin
          </Dropdown.Item>
        )}
        <Dropdown.Divider />
        <Dropdown.Item as={Link} to="/v4/logout">
          Log Out
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
