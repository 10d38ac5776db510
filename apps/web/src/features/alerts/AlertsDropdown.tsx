import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Dropdown from 'react-bootstrap/Dropdown';
import { alerts } from '@marquee/contract';
import { call } from '../../app/api';
import { Badge } from '../../ui/Badge';
import { BellIcon } from '../../ui/icons';
import { alertListQueryKey, badgeCountsQuery } from './api';

/** The top bar's alert dropdown (spec 1 §2); opening it marks the alerts seen, so the badge is refreshed. */
export function AlertsDropdown({ unseen }: { unseen: number }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: alertListQueryKey,
    queryFn: async ({ signal }) => {
      const answer = await call(alerts.fetchAlertList, {}, { signal });
      void queryClient.invalidateQueries({ queryKey: badgeCountsQuery.queryKey });
      return answer;
    },
    enabled: open,
    staleTime: 0,
    meta: { quiet: true },
  });

  return (
    <Dropdown align="end" show={open} onToggle={(next) => setOpen(next)}>
      <Dropdown.Toggle
        as="button"
        type="button"
        bsPrefix="mq-icon-btn"
        aria-label="Alerts"
        aria-describedby={unseen > 0 ? 'mq-unseen-alerts' : undefined}
      >
        <BellIcon />
        {unseen > 0 && (
          <Badge id="mq-unseen-alerts" count={unseen} label={unseen === 1 ? 'new alert' : 'new alerts'} />
        )}
      </Dropdown.Toggle>
      <Dropdown.Menu className="mq-dropdown-panel shadow">
        <div className="mq-dropdown-panel__head">Alerts</div>
        <div className="mq-dropdown-panel__body">
          {list.isPending && open && (
            <p className="mq-dropdown-panel__note" role="status">
              Loading your alerts…
            </p>
          )}
          {list.isError && (
            <p className="mq-dropdown-panel__note" role="alert">
              There was an issue retrieving your alerts...
            </p>
          )}
          {list.data?.alerts.length === 0 && (
            <p className="mq-dropdown-panel__note">You have no alerts yet.</p>
          )}
          {list.data?.alerts.map((alert) => {
            const content = (
              <span className="d-block">
                <span className="d-block">{alert.content}</span>
                <small className="text-body-secondary">{alert.ago}</small>
              </span>
            );
            const className = alert.seen ? undefined : 'mq-unread';
            // Alerts point inside Marquee; anything else opens as a plain link.
            return alert.link.startsWith('/') ? (
              <Dropdown.Item key={alert.id} as={Link} to={alert.link} className={className}>
                {content}
              </Dropdown.Item>
            ) : (
              <Dropdown.Item key={alert.id} href={alert.link} className={className}>
                {content}
              </Dropdown.Item>
            );
          })}
        </div>
      </Dropdown.Menu>
    </Dropdown>
  );
}
