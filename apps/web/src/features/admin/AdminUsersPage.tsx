import { Link, useParams } from 'react-router';
import { AdminLayout } from './AdminLayout';
import { MemberCard } from './MemberCard';
import { MemberSearch } from './MemberSearch';

/** A member id from the address: digits only, else none. */
const idOf = (uid: string | undefined) => (uid && /^\d{1,10}$/.test(uid) ? Number(uid) : null);

/**
 * /admin/users and /admin/users/{id} (spec 4 §2): the search, or one member's card. Marquee opens the
 * search when no id is given, in place of the product's fixed default member (docs/domain.md AM1).
 */
export default function AdminUsersPage() {
  const { uid } = useParams();
  const id = idOf(uid);
  if (uid === undefined)
    return (
      <AdminLayout title="Members">
        <MemberSearch />
      </AdminLayout>
    );
  return (
    <AdminLayout
      title="Member"
      actions={
        <Link to="/admin/users" className="btn btn-outline-primary btn-sm">
          Find another member
        </Link>
      }
    >
      {id ? (
        <MemberCard key={id} id={id} />
      ) : (
        <div className="card mq-admin-card" role="alert">
          <div className="card-body">There is no member with that id.</div>
        </div>
      )}
    </AdminLayout>
  );
}
