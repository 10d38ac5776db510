import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Modal from 'react-bootstrap/Modal';
import { managed, type adminMembers } from '@marquee/contract';
import { ApiError, call } from '../../app/api';
import { showSuccess } from '../../ui/toast';
import { memberKey, waitlistQuery } from './api';

/**
 * Set Up Managed on the admin user page (spec 4 §2 Admin screens, §3 "Managed user setup", §7 Admin;
 * docs/domain.md MR2, MR3): the member's Managed Rank card (waitlist status, the setup, the last
 * invitation; the weeks of the service are `ManagedWeeks`, beside it, MR11) and the modal where staff
 * check the setup, save it and mail the invitation.
 */

const detailsKey = (id: number) => [...memberKey(id), 'managed'] as const;

const managedDetailsQuery = (id: number) =>
  queryOptions({
    queryKey: detailsKey(id),
    queryFn: ({ signal }) => call(managed.fetchUserDetails, { user_id: id }, { signal }),
    staleTime: 0,
    meta: { quiet: true },
  });

type Details = managed.ManagedSetup;
type WeekField = 'rank1' | 'rank2' | 'rank3' | 'rank4' | 'views1' | 'views2' | 'views3' | 'views4';
const WEEKS = [1, 2, 3, 4] as const;
const rankField = (n: (typeof WEEKS)[number]) => `rank${n}` as WeekField;
const viewsField = (n: (typeof WEEKS)[number]) => `views${n}` as WeekField;

/** The form's text for each field; numbers are edited as text and sent as the server reads them. */
type Form = Omit<Record<keyof Details, string>, 'karma_id'>;

const asText = (value: number | null) => (value === null ? '' : String(value));

function formOf(d: Details): Form {
  return {
    first: d.first,
    last: d.last,
    email: d.email,
    nm_code: d.nm_code,
    level: String(d.level),
    has_picture: d.has_picture,
    rank1: asText(d.rank1),
    rank2: asText(d.rank2),
    rank3: asText(d.rank3),
    rank4: asText(d.rank4),
    views1: asText(d.views1),
    views2: asText(d.views2),
    views3: asText(d.views3),
    views4: asText(d.views4),
  };
}

/** An empty rank or views field is left out (unknown); anything else goes as typed, for the server to check. */
const weekValue = (text: string) => (text.trim() === '' ? undefined : text.trim());

const STATUS_WORDS: Record<managed.WaitlistStatus, string> = {
  none: 'Not on the waitlist',
  waitlisted: 'On the waitlist',
  invited: 'Invited',
};

const tierLabel = (t: managed.ManagedTier) => `${t.name}, $${t.pricePennies / 100} a month`;

const messageOf = (e: unknown) =>
  e instanceof ApiError ? e.message : 'Something went wrong. Please try again.';

/** The modal: every field of the setup labelled, Save (answers the unsubscribe code), then Send invitation. */
export function ManagedSetupModal({
  user,
  details,
  saved,
  onClose,
}: {
  user: adminMembers.AdminUser;
  details: Details;
  saved: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const f = (name: string) => `${id}-${name}`;
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(() => formOf(details));
  const [unsub, setUnsub] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Whether the member had a setup when the modal opened (saving here does not change what it says).
  const [setUpBefore] = useState(saved);
  const outcome = useRef<HTMLDivElement>(null);
  // The answer (the code, or what went wrong) sits below the fields: bring it into view.
  useEffect(() => {
    if (unsub || error) outcome.current?.scrollIntoView({ block: 'nearest' });
  }, [unsub, error]);
  const set = (key: keyof Form) => (value: string) => {
    setForm((now) => ({ ...now, [key]: value }));
    setError(null);
  };
  // The member's card (its audit entries) with this section, and the waitlist page.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: memberKey(user.id) });
    void queryClient.invalidateQueries({ queryKey: waitlistQuery.queryKey });
  };

  const save = useMutation({
    mutationFn: () =>
      call(managed.setupManagedUser, {
        karma_id: user.id,
        first: form.first,
        last: form.last,
        email: form.email,
        nm_code: form.nm_code.trim(),
        level: Number(form.level) as 1 | 2 | 3,
        has_picture: form.has_picture as 'yes' | 'no',
        rank1: weekValue(form.rank1),
        rank2: weekValue(form.rank2),
        rank3: weekValue(form.rank3),
        rank4: weekValue(form.rank4),
        views1: weekValue(form.views1),
        views2: weekValue(form.views2),
        views3: weekValue(form.views3),
        views4: weekValue(form.views4),
      }),
    onSuccess: (answer) => {
      setUnsub(answer.unsub);
      showSuccess(answer.message);
      refresh();
    },
    onError: (e) => setError(messageOf(e)),
    meta: { quiet: true },
  });

  const invite = useMutation({
    mutationFn: (uc: string) => call(managed.sendInviteEmail, { user_id: user.id, uc }),
    onSuccess: (answer) => {
      showSuccess(answer.message);
      refresh();
      onClose();
    },
    onError: (e) => setError(messageOf(e)),
    meta: { quiet: true },
  });

  const busy = save.isPending || invite.isPending;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    save.mutate();
  }

  return (
    <Modal
      show
      onHide={onClose}
      centered
      scrollable
      size="lg"
      aria-labelledby={f('title')}
      className="mq-managed-setup"
    >
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id={f('title')} as="h2" className="h5">
          Set Up Managed: {user.first} {user.last}
        </Modal.Title>
      </Modal.Header>
      <form onSubmit={submit} noValidate aria-label="Managed Rank setup" className="mq-managed-setup__form">
        <Modal.Body>
          <p className="small text-body-secondary">
            {setUpBefore
              ? 'This member was set up before: these are the saved values. Save again to change them.'
              : 'Filled in from the member’s account, the tier they asked for and their last STARmeter weeks. Check it against their IMDb page, then save.'}
          </p>
          <div className="mq-managed-setup__grid">
            <div>
              <label className="form-label" htmlFor={f('id')}>
                Member id
              </label>
              <input id={f('id')} className="form-control" value={user.id} readOnly />
            </div>
            <div>
              <label className="form-label" htmlFor={f('nm')}>
                IMDb name code
              </label>
              <input
                id={f('nm')}
                className="form-control"
                value={form.nm_code}
                onChange={(e) => set('nm_code')(e.target.value)}
                placeholder="nm1234567"
                spellCheck={false}
                autoComplete="off"
                aria-required="true"
                aria-describedby={f('nm-hint')}
              />
              <div id={f('nm-hint')} className="form-text">
                The person page the service looks after: nm and 7 or 8 digits.
              </div>
            </div>
            <div>
              <label className="form-label" htmlFor={f('first')}>
                First name
              </label>
              <input
                id={f('first')}
                className="form-control"
                value={form.first}
                readOnly
                aria-describedby={f('account-hint')}
              />
            </div>
            <div>
              <label className="form-label" htmlFor={f('last')}>
                Last name
              </label>
              <input
                id={f('last')}
                className="form-control"
                value={form.last}
                readOnly
                aria-describedby={f('account-hint')}
              />
            </div>
            <div className="mq-managed-setup__wide">
              <label className="form-label" htmlFor={f('email')}>
                Email
              </label>
              <input
                id={f('email')}
                type="email"
                className="form-control"
                value={form.email}
                readOnly
                aria-describedby={f('account-hint')}
              />
              <div id={f('account-hint')} className="form-text">
                The names and email are the member’s account details, where the invitation goes: change them
                on the member card.
              </div>
            </div>
            <div className="mq-managed-setup__wide">
              <label className="form-label" htmlFor={f('level')}>
                Managed level
              </label>
              <select
                id={f('level')}
                className="form-select"
                value={form.level}
                aria-describedby={f('level-hint')}
                onChange={(e) => set('level')(e.target.value)}
              >
                {managed.MANAGED_TIERS.map((t) => (
                  <option key={t.selection} value={t.selection}>
                    {tierLabel(t)}
                  </option>
                ))}
              </select>
              <div id={f('level-hint')} className="form-text">
                The service aims for a STARmeter of{' '}
                {(managed.tierOf(Number(form.level))?.target ?? 0).toLocaleString('en-US')} or better.
              </div>
            </div>
          </div>

          <fieldset className="mq-managed-setup__weeks">
            <legend className="form-label fs-6">The page’s last four weeks, newest first</legend>
            <p className="form-text mt-0">Leave a week empty when it is not known.</p>
            <div className="mq-managed-setup__week mq-managed-setup__week--head" aria-hidden="true">
              <span>Week</span>
              <span>STARmeter rank</span>
              <span>IMDb views</span>
            </div>
            {WEEKS.map((n) => (
              <div key={n} className="mq-managed-setup__week">
                <span className="mq-managed-setup__week-name">
                  {n === 1 ? 'Week 1 (newest)' : `Week ${n}`}
                </span>
                <div>
                  <label className="visually-hidden" htmlFor={f(`rank${n}`)}>
                    STARmeter rank, week {n}
                  </label>
                  <input
                    id={f(`rank${n}`)}
                    className="form-control"
                    inputMode="numeric"
                    value={form[rankField(n)]}
                    onChange={(e) => set(rankField(n))(e.target.value)}
                  />
                </div>
                <div>
                  <label className="visually-hidden" htmlFor={f(`views${n}`)}>
                    IMDb views, week {n}
                  </label>
                  <input
                    id={f(`views${n}`)}
                    className="form-control"
                    inputMode="numeric"
                    value={form[viewsField(n)]}
                    onChange={(e) => set(viewsField(n))(e.target.value)}
                  />
                </div>
              </div>
            ))}
          </fieldset>

          <fieldset className="mb-2">
            <legend className="form-label fs-6">Does the IMDb page have a picture?</legend>
            {(['yes', 'no'] as const).map((v) => (
              <div key={v} className="form-check form-check-inline">
                <input
                  id={f(`pic-${v}`)}
                  type="radio"
                  className="form-check-input"
                  name={f('pic')}
                  value={v}
                  checked={form.has_picture === v}
                  onChange={() => set('has_picture')(v)}
                />
                <label className="form-check-label" htmlFor={f(`pic-${v}`)}>
                  {v === 'yes' ? 'Yes' : 'No'}
                </label>
              </div>
            ))}
          </fieldset>

          <div ref={outcome}>
            {unsub && (
              <div className="alert alert-success mb-0 mt-3" role="status">
                Saved. The member’s unsubscribe code is{' '}
                <code className="mq-managed-setup__code">{unsub}</code>; the invitation mail carries it.
              </div>
            )}
            {error && (
              <div className="alert alert-danger mb-0 mt-3" role="alert">
                {error}
              </div>
            )}
          </div>
        </Modal.Body>
        <Modal.Footer>
          <span id={f('send-hint')} className="form-text me-auto">
            {unsub ? 'Ready to invite.' : 'Save first: the invitation uses the code the save answers.'}
          </span>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose} disabled={busy}>
            Close
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
          <button
            type="button"
            className="btn btn-accent"
            disabled={!unsub || busy}
            aria-describedby={f('send-hint')}
            onClick={() => unsub && invite.mutate(unsub)}
          >
            {invite.isPending ? 'Sending…' : 'Send invitation'}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}

/**
 * The member card's Managed Rank section (MR2, MR3): where the member stands on the waitlist, their
 * setup, when they were last invited, and Set Up Managed.
 */
export function ManagedRankCard({ user }: { user: adminMembers.AdminUser }) {
  const [open, setOpen] = useState(false);
  const details = useQuery({ ...managedDetailsQuery(user.id), enabled: user.status !== 'deleted' });
  if (user.status === 'deleted') return null;
  return (
    <section className="card mq-admin-card" aria-labelledby="mq-member-managed">
      <div className="card-body">
        <div className="mq-admin-card__bar">
          <h2 id="mq-member-managed" className="mq-admin-card__title mb-0">
            Managed Rank
          </h2>
          {user.canEdit && (
            <button
              type="button"
              className="btn btn-outline-primary btn-sm"
              disabled={!details.data}
              onClick={() => setOpen(true)}
            >
              Set Up Managed
            </button>
          )}
        </div>
        {details.isPending && (
          <p role="status" className="small text-body-secondary mb-0">
            Loading Managed Rank…
          </p>
        )}
        {details.isError && (
          <p role="alert" className="small mb-0">
            {messageOf(details.error)}{' '}
            <button type="button" className="btn btn-link btn-sm p-0" onClick={() => void details.refetch()}>
              Try again
            </button>
          </p>
        )}
        {details.data && (
          <dl className="mq-fields mb-0">
            <div className="mq-field">
              <dt>Waitlist</dt>
              <dd>{STATUS_WORDS[details.data.waitlistStatus]}</dd>
            </div>
            <div className="mq-field">
              <dt>Setup</dt>
              <dd>
                {details.data.saved
                  ? `Saved: ${managed.tierOf(details.data.details.level)?.name ?? ''}, ${details.data.details.nm_code}`
                  : 'Not set up yet'}
              </dd>
            </div>
            <div className="mq-field">
              <dt>Last invitation</dt>
              <dd>{details.data.invitedOn ?? 'None sent'}</dd>
            </div>
          </dl>
        )}
      </div>
      {open && details.data && (
        <ManagedSetupModal
          user={user}
          details={details.data.details}
          saved={details.data.saved}
          onClose={() => setOpen(false)}
        />
      )}
    </section>
  );
}
