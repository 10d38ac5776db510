import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { membership } from '@marquee/contract';
import { LevelIcon } from '../../ui/icons';
import { LoadingLine, SideCard } from '../../ui/SideCard';
import { summaryQuery } from './api';

/** Marquee's levels, the member's own marked (spec 3 §2 "membership options", §3). */
export function MembershipOptions({ options }: { options: membership.MembershipOption[] }) {
  return (
    <ul className="mq-levels">
      {options.map((option) => (
        <li key={option.title} className={`mq-levels__item mq-levels__item--${option.icon}`}>
          <span className="mq-levels__icon">
            <LevelIcon icon={option.icon} />
          </span>
          <span>
            <strong className="mq-levels__title">
              {option.title}
              {option.icon === 'check' && <span className="mq-levels__yours">Your level</span>}
            </strong>
            <span className="mq-levels__desc">{option.description}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The account page's membership card (spec 3 §2): the levels, the member's own, the way to upgrade. */
export function MembershipSummaryCard() {
  const summary = useQuery(summaryQuery);
  return (
    <SideCard title="Membership">
      {summary.isPending ? (
        <LoadingLine>Loading your membership…</LoadingLine>
      ) : summary.isError ? (
        <p className="text-danger mb-0" role="alert">
          {membership.MEMBERSHIP_LOAD_FAILED}
        </p>
      ) : (
        <>
          <MembershipOptions options={summary.data.options} />
          <Link to="/membership" className="btn btn-primary btn-sm">
            Membership options
          </Link>
        </>
      )}
    </SideCard>
  );
}
