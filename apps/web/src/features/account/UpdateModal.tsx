import { useState, type Dispatch, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { account, LISTING_TYPE_WORDS, login, PLATFORM_NAME } from '@marquee/contract';
import { call } from '../../app/api';
import { showError, showSuccess } from '../../ui/toast';
import { detailsKey } from './api';
import { useAccountChanged } from './useAccountChanged';
import { LinkedDisplay } from './LinkedDisplay';
import { NameRefresh } from './NameRefresh';
import {
  checkDraft,
  fieldInput,
  isFormError,
  opensModal,
  type Draft,
  type ModalUpdating,
  type PasswordField,
  type UpdateAction,
  type UpdateState,
} from './updating';

const HEADINGS: Record<ModalUpdating, string> = {
  name: 'Your name',
  imdb: 'Your IMDb URL',
  email: 'Your email address',
  username: 'Your username',
  password: 'Your password',
  facebook: `Your ${PLATFORM_NAME.facebook} account`,
  twitter: `Your ${PLATFORM_NAME.twitter} account`,
};

interface FieldSpec {
  key: keyof Draft;
  label: string;
  type: string;
  autoComplete: string;
  hint?: string;
  half?: boolean;
}

const FIELDS: Record<PasswordField, FieldSpec[]> = {
  name: [
    { key: 'first', label: 'First name', type: 'text', autoComplete: 'given-name', half: true },
    { key: 'last', label: 'Last name', type: 'text', autoComplete: 'family-name', half: true },
  ],
  email: [{ key: 'value', label: 'New email address', type: 'email', autoComplete: 'email' }],
  imdb: [
    {
      key: 'value',
      label: 'IMDb page URL',
      type: 'url',
      autoComplete: 'url',
      hint: 'Your name or title page, like https://www.imdb.com/name/nm0000001/',
    },
  ],
  username: [
    {
      key: 'value',
      label: 'New username',
      type: 'text',
      autoComplete: 'username',
      hint: '3 to 30 letters, numbers, dots, dashes or underscores.',
    },
  ],
  password: [
    {
      key: 'value',
      label: 'New password',
      type: 'password',
      autoComplete: 'new-password',
      hint: `At least ${login.PASSWORD_MIN} characters.`,
    },
    { key: 'confirm', label: 'Confirm new password', type: 'password', autoComplete: 'new-password' },
  ],
};

/** The one modal of every update (spec 3 §2, §4), titled 'Update Account Details'. */
export function UpdateModal({
  state,
  dispatch,
  user,
}: {
  state: UpdateState;
  dispatch: Dispatch<UpdateAction>;
  user: account.AccountUser;
}) {
  const close = () => dispatch({ type: 'close' });
  const updating = opensModal(state.updating) ? state.updating : null;
  return (
    <Modal show={updating !== null} onHide={close} centered aria-labelledby="mq-update-title">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="mq-update-title" as="h2" className="h5">
          Update Account Details
        </Modal.Title>
      </Modal.Header>
      {updating === 'facebook' || updating === 'twitter' ? (
        <LinkedAccountBody platform={updating} user={user} dispatch={dispatch} />
      ) : updating ? (
        <FieldForm updating={updating} state={state} dispatch={dispatch} />
      ) : null}
    </Modal>
  );
}

function FormError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <div className="alert alert-danger py-2" role="alert">
      {error}
    </div>
  );
}

function FieldForm({
  updating,
  state,
  dispatch,
}: {
  updating: PasswordField;
  state: UpdateState;
  dispatch: Dispatch<UpdateAction>;
}) {
  const changed = useAccountChanged();
  const save = useMutation({
    mutationFn: () => call(account.updateUserField, fieldInput(updating, state.draft)),
    onSuccess: (answer) => {
      changed(answer);
      dispatch({ type: 'close' });
    },
    onError: (error) =>
      isFormError(error) ? dispatch({ type: 'fail', error: error.message }) : showError(error),
    meta: { quiet: true },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = checkDraft(updating, state.draft);
    if (problem) dispatch({ type: 'fail', error: problem });
    else save.mutate();
  }

  const fields = [
    ...FIELDS[updating],
    {
      key: 'password' as const,
      label: updating === 'password' ? 'Current password' : 'Your current password',
      type: 'password',
      autoComplete: 'current-password',
      hint: 'Needed for every change, so nobody else can change your account.',
    },
  ];
  return (
    <form onSubmit={submit} noValidate aria-describedby={state.error ? 'mq-update-error' : undefined}>
      <Modal.Body>
        <h3 className="mq-update__what">{HEADINGS[updating]}</h3>
        <div id="mq-update-error">
          <FormError error={state.error} />
        </div>
        <div className="row g-3">
          {fields.map((field, index) => {
            const id = `mq-update-${field.key}`;
            return (
              <div key={field.key} className={'half' in field && field.half ? 'col-sm-6' : 'col-12'}>
                <label className="form-label" htmlFor={id}>
                  {field.label}
                </label>
                <input
                  id={id}
                  type={field.type}
                  className="form-control"
                  autoComplete={field.autoComplete}
                  spellCheck={false}
                  autoFocus={index === 0}
                  aria-describedby={field.hint ? `${id}-hint` : undefined}
                  value={state.draft[field.key]}
                  onChange={(e) => dispatch({ type: 'edit', changes: { [field.key]: e.target.value } })}
                />
                {field.hint && (
                  <div id={`${id}-hint`} className="form-text">
                    {field.hint}
                  </div>
                )}
              </div>
            );
          })}
        </div>
        {updating === 'name' && <NameRefresh dispatch={dispatch} />}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={() => dispatch({ type: 'close' })}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </Modal.Footer>
    </form>
  );
}

const PLATFORM = {
  facebook: {
    name: PLATFORM_NAME.facebook,
    link: '/dashboard/facebook',
    what: LISTING_TYPE_WORDS['facebook-like'].actions,
  },
  twitter: {
    name: PLATFORM_NAME.twitter,
    link: '/dashboard/twitter',
    what: LISTING_TYPE_WORDS['twitter-follow'].actions,
  },
};

/** A linked account: remove it, after a confirmation (spec 3 §8), or link another on the dashboard. */
function LinkedAccountBody({
  platform,
  user,
  dispatch,
}: {
  platform: 'facebook' | 'twitter';
  user: account.AccountUser;
  dispatch: Dispatch<UpdateAction>;
}) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const { name, link, what } = PLATFORM[platform];
  const remove = useMutation({
    mutationFn: () => call(account.removeLinkedAccount, { a: platform }),
    onSuccess: (answer) => {
      queryClient.setQueryData(detailsKey, { status: 'success' as const, user: answer.user });
      showSuccess(answer.message);
      dispatch({ type: 'close' });
    },
    onError: (error) =>
      isFormError(error) ? dispatch({ type: 'fail', error: error.message }) : showError(error),
    meta: { quiet: true },
  });
  const display = platform === 'facebook' ? user.facebook_display : user.twitter_display;
  return (
    <>
      <Modal.Body>
        <h3 className="mq-update__what">{`Your ${name} account`}</h3>
        <p className="mb-2">
          Linked: <LinkedDisplay html={display} />
        </p>
        <p className="small text-body-secondary">
          Marquee checks your {what} on this account before crediting them. To use another account, remove
          this one and link the new one on the <Link to={link}>dashboard</Link>.
        </p>
        {confirming ? (
          <div className="alert alert-warning mb-0" role="alert">
            <p className="mb-2">
              Remove your {name} account from Marquee? You will not be able to earn points for {what} until
              you link an account again.
            </p>
            <div className="d-flex flex-wrap gap-2">
              <Button variant="danger" size="sm" disabled={remove.isPending} onClick={() => remove.mutate()}>
                {remove.isPending ? 'Removing…' : `Yes, remove my ${name} account`}
              </Button>
              <Button variant="outline-secondary" size="sm" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="outline-danger" onClick={() => setConfirming(true)}>
            Remove {name} account
          </Button>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={() => dispatch({ type: 'close' })}>
          Close
        </Button>
      </Modal.Footer>
    </>
  );
}
