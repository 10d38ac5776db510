import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminMembers, LEVEL_NAME } from '@marquee/contract';
import { Avatar } from '../../ui/Avatar';
import { showSuccess } from '../../ui/toast';
import { AuditList } from './AuditList';
import { EditableField } from './EditableField';
import { MemberListings } from './MemberListings';
import { ManagedWeeks } from './ManagedWeeks';
import { ManagedRankCard } from './ManagedSetupModal';
import { DeleteMember, UseAsMember } from './MemberActions';
import { SignalList } from './SignalList';
import { adjustPoints, memberKey, memberQuery, updateField, updateSpecial } from './api';

type Answer = adminMembers.AdminUserAnswer & { message: string };

/** A change to the member: the fresh card replaces the old one, its message shows (AM3-AM5). */
function useMemberChange<Input>(id: number, send: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      queryClient.setQueryData(memberKey(id), answer);
      showSuccess(answer.message);
    },
  });
}

const saved = (promise: Promise<unknown>) =>
  promise.then(
    () => true,
    () => false,
  );

function Details({ user }: { user: adminMembers.AdminUser }) {
  const change = useMemberChange(user.id, (v: { field: adminMembers.UserField; value: string }) =>
    updateField(user.id, v.field, v.value),
  );
  const field = (f: adminMembers.UserField) => (value: string) =>
    saved(change.mutateAsync({ field: f, value }));
  const common = { editable: user.canEdit, saving: change.isPending };
  return (
    <section className="card mq-admin-card" aria-labelledby="mq-member-details">
      <div className="card-body">
        <h2 id="mq-member-details" className="mq-admin-card__title">
          Details
        </h2>
        <dl className="mq-fields">
          <EditableField label="First name" value={user.first} onSave={field('first')} {...common} />
          <EditableField label="Last name" value={user.last} onSave={field('last')} {...common} />
          <EditableField label="Email" kind="email" value={user.email} onSave={field('email')} {...common} />
          <EditableField label="Username" value={user.username} onSave={field('username')} {...common} />
          <EditableField
            label="IMDb page"
            kind="url"
            value={user.imdb_url}
            shown={
              user.imdb_url ? (
                <a href={user.imdb_url} target="_blank" rel="noopener noreferrer">
                  {user.imdb_url}
                </a>
              ) : undefined
            }
            onSave={field('imdb_url')}
            {...common}
          />
          <EditableField
            label="Status"
            kind="select"
            value={user.status}
            options={[
              { value: 'active', label: 'active' },
              { value: 'deactivated', label: 'deactivated (signed out, cannot sign in)' },
            ]}
            onSave={field('status')}
            {...common}
          />
          <EditableField
            label="Referred by"
            value={user.referredby ? String(user.referredby.id) : ''}
            shown={
              user.referredby ? (
                <Link to={`/admin/users/${user.referredby.id}`}>
                  {user.referredby.name} (#{user.referredby.id})
                </Link>
              ) : undefined
            }
            hint="The referrer's member id; empty for none."
            onSave={field('referredby')}
            {...common}
          />
          <div className="mq-field">
            <dt>Registered</dt>
            <dd>{user.date_registered}</dd>
          </div>
          <div className="mq-field">
            <dt>Last active</dt>
            <dd>{user.last_activity || 'Never'}</dd>
          </div>
          <div className="mq-field">
            <dt>Twitter</dt>
            <dd>
              {user.twitter ? `@${user.twitter}` : <span className="text-body-secondary">Not linked</span>}
            </dd>
          </div>
          <div className="mq-field">
            <dt>Facebook</dt>
            <dd>{user.facebook || <span className="text-body-secondary">Not linked</span>}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}

function Membership({ user }: { user: adminMembers.AdminUser }) {
  const change = useMemberChange(
    user.id,
    (v: { field: 'password' | 'premium_expires' | 'pro_expires'; value: string }) =>
      updateSpecial(user.id, v.field, v.value),
  );
  const special = (f: 'password' | 'premium_expires' | 'pro_expires') => (value: string) =>
    saved(change.mutateAsync({ field: f, value }));
  const common = { editable: user.canEdit, saving: change.isPending };
  const dateHint = 'The last Pacific day of paid time; clear it for none.';
  return (
    <section className="card mq-admin-card" aria-labelledby="mq-member-membership">
      <div className="card-body">
        <h2 id="mq-member-membership" className="mq-admin-card__title">
          Membership and sign-in
        </h2>
        <dl className="mq-fields">
          <div className="mq-field">
            <dt>Level now</dt>
            <dd>
              <span className="mq-level">{LEVEL_NAME[user.membership]}</span>
            </dd>
          </div>
          <EditableField
            label="Premium until"
            kind="date"
            value={user.premium_expires}
            hint={dateHint}
            onSave={special('premium_expires')}
            {...common}
          />
          <EditableField
            label="Pro until"
            kind="date"
            value={user.pro_expires}
            hint={dateHint}
            onSave={special('pro_expires')}
            {...common}
          />
          <EditableField
            label="Password"
            kind="password"
            value=""
            shown={<span className="text-body-secondary">Hidden</span>}
            hint="At least 8 characters. The member is signed out everywhere."
            onSave={special('password')}
            {...common}
          />
        </dl>
        <h3 className="mq-admin-card__subtitle">Subscriptions</h3>
        {user.subscriptions.length === 0 ? (
          <p className="text-body-secondary small mb-0">None.</p>
        ) : (
          <ul className="mq-subs">
            {user.subscriptions.map((s) => (
              <li key={s.id}>
                <strong>{s.level}</strong> through {s.provider}: {s.status}, paid to {s.period_end}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function Points({ user }: { user: adminMembers.AdminUser }) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const change = useMemberChange(user.id, (v: { amount: number; reason: string }) =>
    adjustPoints(user.id, v.amount, v.reason),
  );
  return (
    <section className="card mq-admin-card" aria-labelledby="mq-member-points">
      <div className="card-body">
        <h2 id="mq-member-points" className="mq-admin-card__title">
          Points
        </h2>
        <dl className="mq-figures__list mb-3">
          <div className="mq-figures__item">
            <dt>Balance</dt>
            <dd>{user.points.toLocaleString('en-US')}</dd>
          </div>
          <div className="mq-figures__item">
            <dt>Referral points</dt>
            <dd>{user.ref_points.toLocaleString('en-US')}</dd>
          </div>
        </dl>
        {user.canEdit && (
          <form
            className="mq-adjust"
            onSubmit={(e) => {
              e.preventDefault();
              change.mutate(
                { amount: Number(amount), reason },
                {
                  onSuccess: () => {
                    setAmount('');
                    setReason('');
                  },
                },
              );
            }}
          >
            <div>
              <label htmlFor="mq-adjust-amount" className="form-label">
                Adjust by
              </label>
              <input
                id="mq-adjust-amount"
                className="form-control"
                inputMode="numeric"
                placeholder="500 or -500"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                aria-describedby="mq-adjust-hint"
              />
            </div>
            <div className="mq-adjust__reason">
              <label htmlFor="mq-adjust-reason" className="form-label">
                Reason
              </label>
              <input
                id="mq-adjust-reason"
                className="form-control"
                maxLength={adminMembers.REASON_MAX}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </div>
            <button type="submit" className="btn btn-primary" disabled={change.isPending}>
              {change.isPending ? 'Adjusting…' : 'Adjust points'}
            </button>
            <p id="mq-adjust-hint" className="form-text mb-0">
              A minus takes points back. The house pays or receives them through the ledger; the reason goes
              into the audit log.
            </p>
          </form>
        )}
      </div>
    </section>
  );
}

/** /admin/users/{id}: the member's editable card (spec 4 §2 users page; docs/domain.md AM2-AM8). */
export function MemberCard({ id }: { id: number }) {
  const member = useQuery(memberQuery(id));
  if (member.isPending)
    return (
      <p role="status" className="text-body-secondary">
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        Loading the member…
      </p>
    );
  if (member.isError)
    return (
      <div className="card mq-admin-card" role="alert">
        <div className="card-body">
          <p>{member.error.message}</p>
          <Link to="/admin/users">Find another member</Link>
        </div>
      </div>
    );
  const { user, audit } = member.data;
  return (
    <div className="mq-member">
      <header className="card mq-admin-card mq-member__head">
        <div className="card-body">
          <Avatar src={user.avatar} size={64} alt="" />
          <div>
            <h2 className="mq-member__name">
              {user.first} {user.last} <span className="mq-member__id">#{user.id}</span>
            </h2>
            <p className="mb-0">
              <span className={`mq-status mq-status--${user.status}`}>{user.status}</span>{' '}
              <span className="mq-level">{LEVEL_NAME[user.membership]}</span>{' '}
              {user.role === 'admin' && <span className="mq-admin__badge">Staff</span>}{' '}
              {user.status !== 'deleted' && <Link to={`/profile/${user.id}`}>Profile</Link>}
            </p>
            {!user.canEdit && (
              <p className="small text-body-secondary mb-0 mt-1">
                {user.status === 'deleted' ? adminMembers.ACCOUNT_DELETED : adminMembers.NOT_ON_THIS_ACCOUNT}
              </p>
            )}
          </div>
        </div>
      </header>
      <div className="mq-admin__columns">
        <Details user={user} />
        <div className="d-grid gap-3">
          <Membership user={user} />
          <Points user={user} />
        </div>
      </div>
      <ManagedRankCard user={user} />
      {user.status !== 'deleted' && <ManagedWeeks id={user.id} />}
      <section className="card mq-admin-card" aria-labelledby="mq-member-signals">
        <div className="card-body">
          <h2 id="mq-member-signals" className="mq-admin-card__title">
            Fair-play signals
          </h2>
          {member.data.signals.length === 0 ? (
            <p className="small text-body-secondary mb-0">None in the last run.</p>
          ) : (
            <SignalList signals={member.data.signals} />
          )}
        </div>
      </section>
      <MemberListings id={user.id} />
      <section className="card mq-admin-card" aria-labelledby="mq-member-audit">
        <div className="card-body">
          <h2 id="mq-member-audit" className="mq-admin-card__title">
            Admin actions on this member
          </h2>
          <AuditList entries={audit} empty="No admin has changed this member yet." />
        </div>
      </section>
      <UseAsMember user={user} />
      <DeleteMember user={user} />
    </div>
  );
}
