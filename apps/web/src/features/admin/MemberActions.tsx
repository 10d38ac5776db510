import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { adminMembers } from '@marquee/contract';
import { useSession } from '../../app/session';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { showSuccess } from '../../ui/toast';
import { deleteMember, memberKey, startStaffView } from './api';

/** The member card's two actions that each ask for a confirmation first (spec 4 §5; AM6, AM9). */

/** Deleting the account (AM6, D2.5). */
export function DeleteMember({ user }: { user: adminMembers.AdminUser }) {
  const [asking, setAsking] = useState(false);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteMember(user.id),
    onSuccess: (answer) => {
      showSuccess(answer.message);
      setAsking(false);
      void queryClient.invalidateQueries({ queryKey: memberKey(user.id) });
    },
  });
  if (!user.canDelete) return null;
  return (
    <section className="card mq-admin-card mq-danger" aria-labelledby="mq-member-delete">
      <div className="card-body">
        <h2 id="mq-member-delete" className="mq-admin-card__title">
          Delete the account
        </h2>
        <p className="small">
          Erases the member's details, photos, posts, messages and listings, as their own deletion would.
          Their points go back to the house and the email address can never join again.
        </p>
        <button type="button" className="btn btn-outline-danger" onClick={() => setAsking(true)}>
          Delete this account
        </button>
        <ConfirmModal
          show={asking}
          title={`Delete ${user.first} ${user.last}?`}
          confirmLabel="Yes, delete the account"
          busyLabel="Deleting…"
          cancelLabel="Keep it"
          busy={remove.isPending}
          onConfirm={() => remove.mutate()}
          onClose={() => setAsking(false)}
        >
          This cannot be undone.
        </ConfirmModal>
      </div>
    </section>
  );
}

/** Use-as-user (D13.2, AM9): after a confirmation, the site as the member sees it, with the way back on every page. */
export function UseAsMember({ user }: { user: adminMembers.AdminUser }) {
  const [asking, setAsking] = useState(false);
  const { actAsMember } = useSession();
  const start = useMutation({
    mutationFn: () => startStaffView(user.id),
    onSuccess: (answer) => {
      setAsking(false);
      // Signed in as the member, the admin pages' guard sends the page to /v4: the member's home.
      actAsMember(answer.token, answer.user);
      showSuccess(answer.message);
    },
  });
  if (!user.canEdit || user.status !== 'active') return null;
  return (
    <section className="card mq-admin-card" aria-labelledby="mq-member-use">
      <div className="card-body">
        <h2 id="mq-member-use" className="mq-admin-card__title">
          See the site as this member
        </h2>
        <p className="small">
          Opens Marquee signed in as {user.first}, to see what they see and fix things with them. Their
          password, email and payments stay out of reach, it is written to the audit log, and Back to admin
          ends it.
        </p>
        <button type="button" className="btn btn-outline-primary" onClick={() => setAsking(true)}>
          Use the site as {user.first}
        </button>
        <ConfirmModal
          show={asking}
          title={`Use the site as ${user.first} ${user.last}?`}
          confirmLabel="Yes, continue as the member"
          busyLabel="Opening…"
          busy={start.isPending}
          onConfirm={() => start.mutate()}
          onClose={() => setAsking(false)}
        >
          Everything you do until you go back to admin is done as {user.first} and recorded with your name.
        </ConfirmModal>
      </div>
    </section>
  );
}
