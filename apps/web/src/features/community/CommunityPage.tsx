import { Link } from 'react-router';
import { COMMUNITY_PARTS, CommunityLayout } from './CommunityLayout';

/** /community: the community's three parts, each with what it is for. */
export default function CommunityPage() {
  return (
    <CommunityLayout title="Community">
      <ul className="mq-community__parts list-unstyled">
        {COMMUNITY_PARTS.map((part) => (
          <li key={part.to} className="card">
            <div className="card-body">
              <h2 className="h5">
                <Link to={part.to} className="stretched-link">
                  {part.label}
                </Link>
              </h2>
              <p className="mb-0 text-body-secondary">{part.blurb}</p>
            </div>
          </li>
        ))}
      </ul>
    </CommunityLayout>
  );
}
