import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { home } from '@marquee/contract';
import { Avatar } from '../../ui/Avatar';
import { LoadingLine, SideCard } from '../../ui/SideCard';
import { newMembersQuery } from './api';

/** Welcome New Members! (spec 1 Home page): who joined within the last week, newest first. */
export function NewMembers() {
  const members = useQuery(newMembersQuery);
  return (
    <SideCard title="Welcome New Members!" className="mq-new-members">
      <p className="small text-body-secondary">
        These members joined Marquee within the last {home.HOME.newMembersDays} days and have points
        available: act on their listings, or say hello.
      </p>
      {members.isPending ? (
        <LoadingLine>Loading new members…</LoadingLine>
      ) : members.isError ? (
        <p className="text-body-secondary mb-0">We could not load the new members just now.</p>
      ) : members.data.users.length === 0 ? (
        <p className="mb-0">
          Nobody new this week yet. <Link to="/referrals">Invite a colleague</Link> and they will be welcomed
          here.
        </p>
      ) : (
        <ul className="mq-people">
          {members.data.users.map((m) => (
            <li key={m.id}>
              <Avatar src={m.avatar} size={40} alt="" />
              <span className="mq-people__text">
                <Link to={`/profile/${m.id}`} className="mq-people__name">
                  {m.full_name}
                </Link>
                <span className="mq-people__line">{m.desc_line}</span>
                <span className="mq-people__line">Joined {m.joined_ago}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </SideCard>
  );
}
