import { queryOptions, useQuery } from '@tanstack/react-query';
import { managed } from '@marquee/contract';
import { call } from '../../app/api';
import { memberKey } from './api';

const weeksQuery = (id: number) =>
  queryOptions({
    queryKey: [...memberKey(id), 'managed-weeks'],
    queryFn: ({ signal }) => call(managed.fetchUserHistory, { user_id: id }, { signal }),
    staleTime: 0,
    meta: { quiet: true },
  });

/**
 * The member's weeks of Managed Rank on the admin user page (MR11): the views the service sent each
 * week and the STARmeter read at its end, newest first, the current week's rank still to come. Shown
 * for members who are managed or were set up; nothing for the others.
 */
export function ManagedWeeks({ id }: { id: number }) {
  const weeks = useQuery(weeksQuery(id));
  if (weeks.isPending)
    return (
      <p role="status" className="small text-body-secondary">
        Loading the Managed Rank weeks…
      </p>
    );
  if (weeks.isError)
    return (
      <div className="card mq-admin-card" role="alert">
        <div className="card-body">
          <p className="small">We had an issue loading the Managed Rank weeks...</p>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => void weeks.refetch()}>
            Try again
          </button>
        </div>
      </div>
    );
  const { managed: isManaged, tier, target } = weeks.data;
  if (isManaged === 'no' && tier === null && weeks.data.weeks.length === 0) return null;
  return (
    <section className="card mq-admin-card" aria-labelledby="mq-member-managed-weeks">
      <div className="card-body">
        <h2 id="mq-member-managed-weeks" className="mq-admin-card__title">
          Managed Rank weeks
        </h2>
        <p className="small text-body-secondary">
          {isManaged === 'yes' ? 'Managed now' : 'Not managed now'}
          {tier ? `: ${tier}` : ''}
          {target ? `, aiming for a STARmeter of ${target.toLocaleString('en-US')} or better.` : '.'}
        </p>
        {weeks.data.weeks.length === 0 ? (
          <p className="small mb-0">
            No weeks yet: the first is sent the day the subscription and setup are both in place.
          </p>
        ) : (
          <div
            className="table-responsive"
            tabIndex={0}
            role="region"
            aria-label="Managed Rank weeks, newest first"
          >
            <table className="table table-sm mb-0">
              <caption className="visually-hidden">Managed Rank weeks, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Week ending</th>
                  <th scope="col" className="text-end">
                    Views sent
                  </th>
                  <th scope="col" className="text-end">
                    STARmeter
                  </th>
                  <th scope="col">Label</th>
                </tr>
              </thead>
              <tbody>
                {weeks.data.weeks.map((w) => (
                  <tr key={w.week_ending}>
                    <th scope="row">{w.week_ending}</th>
                    <td className="text-end">{w.views.toLocaleString('en-US')}</td>
                    <td className="text-end">
                      {w.starmeter ?? <span className="text-body-secondary">Not read yet</span>}
                    </td>
                    <td>{w.label ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
