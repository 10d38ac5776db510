import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { admin } from '@marquee/contract';
import { AdminLayout } from './AdminLayout';
import { QueueState } from './QueueState';
import { waitlistQuery } from './api';

/** /admin/waitlist (spec 4 §2 managed waitlist; D14.1; docs/domain.md AD11). */
export default function WaitlistPage() {
  const list = useQuery(waitlistQuery);
  return (
    <AdminLayout title="Managed Waitlist">
      <p className="mq-admin__intro">
        Members who asked for Managed Rank, oldest first, with the tier they chose and their latest STARmeter
        weeks.
      </p>
      <QueueState query={list} what="the waitlist" empty={admin.EMPTY_WAITLIST}>
        {(data) => (
          <ul className="mq-queue" aria-label="Waiting for Managed Rank">
            {data.waitlist.map((w) => (
              <li key={w.user_id} className="card mq-admin-card mq-queue__item">
                <div className="card-body">
                  <div className="mq-admin-card__bar">
                    <h2 className="mq-queue__title mb-0">
                      <Link to={`/admin/users/${w.user_id}`}>
                        {w.first} {w.last}
                      </Link>
                    </h2>
                    <span className="mq-level">{w.tier}</span>
                  </div>
                  <p className="small text-body-secondary mb-2">
                    Since {w.date_added} · {w.status === 'invited' ? 'Invited' : 'Waiting'} ·{' '}
                    <Link to={`/admin/users/${w.user_id}`}>
                      Set up
                      <span className="visually-hidden">
                        {' '}
                        {w.first} {w.last}
                      </span>
                    </Link>
                  </p>
                  {w.sm.length === 0 ? (
                    <p className="small mb-0">No STARmeter weeks read yet.</p>
                  ) : (
                    <table className="table table-sm mb-0">
                      <caption className="visually-hidden">
                        STARmeter weeks of {w.first} {w.last}
                      </caption>
                      <thead>
                        <tr>
                          <th scope="col">Week ending</th>
                          <th scope="col" className="text-end">
                            STARmeter
                          </th>
                          <th scope="col" className="text-end">
                            Views
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {w.sm.map((s) => (
                          <tr key={s.week_ending}>
                            <th scope="row">{s.week_ending}</th>
                            <td className="text-end">{s.actual_rank.toLocaleString('en-US')}</td>
                            <td className="text-end">{s.views}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueueState>
    </AdminLayout>
  );
}
