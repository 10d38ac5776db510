import { Link, useParams, useSearchParams } from 'react-router';
import { AdminLayout } from '../admin';
import { requestIdOf } from './HelpPage';
import { RequestThread } from './RequestThread';
import { HelpDeskList } from './HelpDeskList';
import { StaffChats } from './StaffChats';

/**
 * /admin/help and /admin/help/{id} (spec 4 §2): the staff help desk. Its list of requests with their
 * ages and a status filter, or the live chats; or one request in admin context.
 */
export default function AdminHelpPage() {
  const { tid } = useParams();
  const [search] = useSearchParams();
  const id = requestIdOf(tid);
  const view = search.get('view') === 'chat' ? 'chat' : 'requests';
  return (
    <AdminLayout
      title="Help Desk"
      actions={
        !tid && (
          <nav aria-label="Help desk" className="mq-help-desk__views nav nav-pills">
            <Link
              to="/admin/help"
              className={`nav-link${view === 'requests' ? ' active' : ''}`}
              aria-current={view === 'requests' ? 'page' : undefined}
            >
              Help requests
            </Link>
            <Link
              to="/admin/help?view=chat"
              className={`nav-link${view === 'chat' ? ' active' : ''}`}
              aria-current={view === 'chat' ? 'page' : undefined}
            >
              Live chat
            </Link>
          </nav>
        )
      }
    >
      <div className="mq-help mq-help-desk">
        {id ? (
          <RequestThread key={id} id={id} backTo="/admin/help" />
        ) : tid ? (
          <div className="card mq-help-state" role="alert">
            <p className="mb-0">There is no such help request.</p>
          </div>
        ) : view === 'chat' ? (
          <StaffChats />
        ) : (
          <HelpDeskList />
        )}
      </div>
    </AdminLayout>
  );
}
