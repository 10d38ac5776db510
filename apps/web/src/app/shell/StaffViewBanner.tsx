import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../session';

/** Use-as-user (D13.2): on every page while staff use a member's account, with the way back. */
export function StaffViewBanner() {
  const { usingAs, user, backToAdmin } = useSession();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  if (usingAs === null || !user || user.id !== usingAs) return null;
  return (
    <div className="mq-staff-view" role="status">
      <p className="mb-0">
        <strong>Staff view:</strong> you are using Marquee as {user.first} {user.last}. Their password, email
        and payments stay out of reach.
      </p>
      <button
        type="button"
        className="btn btn-sm btn-light"
        disabled={leaving}
        onClick={async () => {
          setLeaving(true);
          const memberId = await backToAdmin();
          void navigate(memberId ? `/admin/users/${memberId}` : '/admin', { replace: true });
        }}
      >
        {leaving ? 'Returning…' : 'Back to admin'}
      </button>
    </div>
  );
}
