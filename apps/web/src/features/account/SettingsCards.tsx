import { useState } from 'react';
import type { Dispatch, ReactNode } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { account, PLATFORM_NAME } from '@marquee/contract';
import { call } from '../../app/api';
import { SideCard } from '../../ui/SideCard';
import { showError } from '../../ui/toast';
import { LinkedDisplay } from './LinkedDisplay';
import { useAccountChanged } from './useAccountChanged';
import { isLinked, type ModalUpdating, type UpdateAction } from './updating';

interface CardProps {
  user: account.AccountUser;
  onUpdate: (updating: ModalUpdating) => void;
}

/** One setting: what it is, its value, and the way to change it. */
function SettingRow({ label, children, action }: { label: string; children: ReactNode; action: ReactNode }) {
  return (
    <li className="mq-settings__row">
      <div className="mq-settings__text">
        <span className="mq-settings__label">{label}</span>
        <span className="mq-settings__value">{children}</span>
      </div>
      <div className="mq-settings__action">{action}</div>
    </li>
  );
}

function UpdateButton({ what, onClick }: { what: string; onClick: () => void }) {
  return (
    <Button variant="outline-primary" size="sm" onClick={onClick}>
      Update<span className="visually-hidden"> {what}</span>
    </Button>
  );
}

const LINKS = {
  facebook: {
    label: PLATFORM_NAME.facebook,
    add: `Add ${PLATFORM_NAME.facebook}`,
    to: '/dashboard/facebook',
  },
  twitter: { label: PLATFORM_NAME.twitter, add: `Add ${PLATFORM_NAME.twitter}`, to: '/dashboard/twitter' },
};

/** Spec 3 §2 "Basic Settings": name, email, IMDb URL, Facebook and Twitter, each with Update. */
export function BasicSettingsCard({ user, onUpdate }: CardProps) {
  return (
    <SideCard title="Basic Settings" className="mq-account-card">
      <ul className="mq-settings">
        <SettingRow label="Name" action={<UpdateButton what="your name" onClick={() => onUpdate('name')} />}>
          {user.first} {user.last}
        </SettingRow>
        <SettingRow
          label="Email"
          action={<UpdateButton what="your email" onClick={() => onUpdate('email')} />}
        >
          {user.email}
        </SettingRow>
        <SettingRow
          label="IMDb URL"
          action={<UpdateButton what="your IMDb URL" onClick={() => onUpdate('imdb')} />}
        >
          {user.imdb ? (
            <a href={user.imdb} target="_blank" rel="noopener noreferrer">
              {user.imdb}
              <span className="visually-hidden"> (opens a new window)</span>
            </a>
          ) : (
            <span className="text-body-secondary">None yet</span>
          )}
        </SettingRow>
        {(['facebook', 'twitter'] as const).map((platform) => {
          const display = platform === 'facebook' ? user.facebook_display : user.twitter_display;
          const { label, add, to } = LINKS[platform];
          return (
            <SettingRow
              key={platform}
              label={label}
              action={
                isLinked(display) ? (
                  <UpdateButton what={`your ${label} account`} onClick={() => onUpdate(platform)} />
                ) : (
                  <Link to={to} className="btn btn-sm btn-primary">
                    {add}
                  </Link>
                )
              }
            >
              <LinkedDisplay html={display} />
            </SettingRow>
          );
        })}
      </ul>
    </SideCard>
  );
}

/** Spec 3 §2 "Username and Password". */
export function UsernamePasswordCard({ user, onUpdate }: CardProps) {
  return (
    <SideCard title="Username and Password" className="mq-account-card">
      <ul className="mq-settings">
        <SettingRow
          label="Username"
          action={<UpdateButton what="your username" onClick={() => onUpdate('username')} />}
        >
          {user.username}
        </SettingRow>
        <SettingRow
          label="Password"
          action={<UpdateButton what="your password" onClick={() => onUpdate('password')} />}
        >
          <span aria-hidden="true">••••••••••</span>
          <span className="visually-hidden">Hidden</span>
        </SettingRow>
      </ul>
    </SideCard>
  );
}

/** Spec 3 §2 "Feature Settings": the 'Feature Me' switch, saved at once and without a password (§5). */
export function FeatureSettingsCard({
  user,
  updating,
  dispatch,
}: {
  user: account.AccountUser;
  updating: account.Updating;
  dispatch: Dispatch<UpdateAction>;
}) {
  const changed = useAccountChanged();
  // The box moves in the same render as the click; the mutation's own state arrives a tick later.
  const [moving, setMoving] = useState<boolean | null>(null);
  const save = useMutation({
    mutationFn: (value: boolean) => call(account.updateUserField, { field: 'feature_me', value }),
    onSuccess: changed,
    onError: showError,
    onSettled: () => {
      setMoving(null);
      dispatch({ type: 'close' });
    },
    meta: { quiet: true },
  });
  const busy = updating === 'feature_me' || moving !== null;
  const checked = moving ?? user.feature_me;
  return (
    <SideCard title="Feature Settings" className="mq-account-card">
      <div className="form-check">
        <input
          className="form-check-input"
          type="checkbox"
          id="mq-feature-me"
          checked={checked}
          disabled={busy}
          aria-describedby="mq-feature-me-hint"
          onChange={(event) => {
            setMoving(event.target.checked);
            dispatch({ type: 'open', updating: 'feature_me', user });
            save.mutate(event.target.checked);
          }}
        />
        <label className="form-check-label fw-semibold" htmlFor="mq-feature-me">
          Feature Me
        </label>
        {busy && <span className="spinner-border spinner-border-sm ms-2 text-primary" aria-hidden="true" />}
      </div>
      <p id="mq-feature-me-hint" className="small text-body-secondary mt-2 mb-0">
        Each day the two members with the most feature points who ticked this are Featured Members: they show
        on the home page and their listings earn +1 point for every action. Being featured is for Premium and
        Pro members.
      </p>
    </SideCard>
  );
}
