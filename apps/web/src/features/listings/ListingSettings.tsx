import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { listings } from '@marquee/contract';
import { call } from '../../app/api';
import { useCurrentUser } from '../../app/session';
import { useNow } from '../earn';
import { myListingsKey, useListingChange } from './api';
import { secondsLeft } from './listing-view';

type MyListing = listings.MyListing;

/** One setting: its label, a choice and a Save button that is live once the choice differs. */
function ChoiceSetting({
  label,
  value,
  options,
  disabled,
  hint,
  saving,
  onSave,
  children,
}: {
  label: string;
  value: number;
  options: { value: number; label: string }[];
  disabled?: boolean;
  hint?: string;
  saving: boolean;
  onSave: (value: number) => void;
  children?: ReactNode;
}) {
  const id = useId();
  const [chosen, setChosen] = useState(value);
  // A fresh answer from the server shows its value again.
  useEffect(() => setChosen(value), [value]);
  return (
    <form
      className="mq-setting"
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen !== value) onSave(chosen);
      }}
    >
      <label className="form-label mq-setting__label" htmlFor={`${id}-choice`}>
        {label}
      </label>
      <div className="mq-setting__control">
        <select
          id={`${id}-choice`}
          className="form-select form-select-sm"
          value={chosen}
          disabled={disabled || saving}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => setChosen(Number(e.target.value))}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <button
          type="submit"
          className="btn btn-primary btn-sm"
          disabled={disabled || saving || chosen === value}
        >
          {saving ? 'Saving…' : 'Save'}
          <span className="visually-hidden"> {label}</span>
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="form-text mb-0">
          {hint}
        </p>
      )}
      {children}
    </form>
  );
}

/** Spec 2 §4: 'Changing to X in N seconds', counted down; at 0 the list is read again, which applies it. */
function ChangeCountdown({ listing, readAt }: { listing: MyListing; readAt: number }) {
  const queryClient = useQueryClient();
  const pending = listing.changing_to !== null;
  const now = useNow(pending);
  const left = secondsLeft(listing, readAt, now);
  useEffect(() => {
    if (left === 0) void queryClient.invalidateQueries({ queryKey: myListingsKey });
  }, [left, queryClient]);
  if (!pending || left === null || listing.changing_to === null) return null;
  return (
    <p className="mq-setting__countdown" role="status">
      {listings.changingText(listing.changing_to, left)}
      <span className="mq-setting__countdown-note">
        {' '}
        · hidden from members until then; actions already started keep {listing.give} points.
      </span>
    </p>
  );
}

const pointLabel = (p: number) => (p === 0 ? '0 (not offered)' : `${p} point${p === 1 ? '' : 's'}`);

/** Every setting of a listing (spec 2 §5): points, rate limit, distribution and pro views. */
export function ListingSettings({ listing, readAt }: { listing: MyListing; readAt: number }) {
  const user = useCurrentUser();
  const switchId = useId();
  const points = useListingChange((value: number) =>
    call(listings.updatePointSetting, { listing_id: listing.id, points: value }),
  );
  const rate = useListingChange((value: number) =>
    call(listings.updateRateLimit, { listing_id: listing.id, rl: value }),
  );
  const distribution = useListingChange((value: number) =>
    call(listings.updateRateLimitDistribution, { listing_id: listing.id, distribution: value }),
  );
  const proViews = useListingChange((allow: 'yes' | 'no') =>
    call(listings.updateAllowProViews, { listing_id: listing.id, allowProViews: allow }),
  );
  // The switch moves in the same render as the click (a mutation's own state arrives a tick later, and
  // a controlled checkbox would spring back meanwhile); the server's answer, or a refusal, settles it.
  const [proWanted, setProWanted] = useState<'yes' | 'no' | null>(null);
  const rateOff = listing.rl_selection === listings.RATE_LIMIT.off;
  const shown = listing.changing_to ?? listing.give;
  const managed = user.membership === 'managed';

  return (
    <div className="mq-settings-grid">
      <ChoiceSetting
        label="Point Setting"
        value={shown}
        options={[...new Set([...listing.pointOptions, shown])]
          .sort((a, b) => a - b)
          .map((p) => ({ value: p, label: pointLabel(p) }))}
        saving={points.isPending}
        hint={
          managed
            ? 'Managed members’ listings can be set to 0 points only.'
            : 'Points each member earns per action. A change from 0 applies at once, any other 5 minutes later.'
        }
        onSave={(value) => points.mutate(value)}
      >
        <ChangeCountdown listing={listing} readAt={readAt} />
      </ChoiceSetting>

      <ChoiceSetting
        label="Rate Limit"
        value={listing.rl_selection}
        options={listing.rateOptions}
        saving={rate.isPending}
        hint="The most actions a day; Automatic spreads your points over a week."
        onSave={(value) => rate.mutate(value)}
      />

      <ChoiceSetting
        label="Distribution"
        value={listing.distributed}
        options={([1, 2, 3, 4] as const).map((d) => ({
          value: d,
          label: `${d} × a day: ${listings.distributionLabel(d)}`,
        }))}
        disabled={rateOff}
        saving={distribution.isPending}
        hint={
          rateOff
            ? 'Choose a rate limit to spread your actions over the day.'
            : 'When each part of the day’s limit opens, Pacific time.'
        }
        onSave={(value) => distribution.mutate(value)}
      />

      {listing.giveProViewOption === 'yes' && (
        <div className="mq-setting">
          <div className="form-check form-switch mq-setting__switch">
            <input
              id={`${switchId}-pro`}
              type="checkbox"
              role="switch"
              className="form-check-input"
              // The switch moves at once; a refusal moves it back (with the server's words in a toast).
              checked={(proWanted ?? listing.allow_pro_views) === 'yes'}
              disabled={proWanted !== null}
              aria-describedby={`${switchId}-pro-hint`}
              onChange={(e) => {
                const wanted = e.target.checked ? 'yes' : 'no';
                setProWanted(wanted);
                proViews.mutate(wanted, { onSettled: () => setProWanted(null) });
              }}
            />
            <label className="form-check-label fw-semibold" htmlFor={`${switchId}-pro`}>
              Send views to my IMDbPro page
            </label>
          </div>
          <p id={`${switchId}-pro-hint`} className="form-text mb-0">
            Each pro view costs you {listings.PRO_VIEW_EXTRA_POINTS} extra points.
            {!user.abilities.askProViews && (
              <>
                {' '}
                For <Link to="/membership">Premium and Pro members</Link>.
              </>
            )}
          </p>
        </div>
      )}
    </div>
  );
}
