import { useId, useRef } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { LEVEL_NAME, pacificDate, referrals } from '@marquee/contract';
import { useCurrentUser } from '../../app/session';
import { Avatar } from '../../ui/Avatar';
import { LoadingLine, SideCard } from '../../ui/SideCard';
import { showInfo, showSuccess } from '../../ui/toast';
import { recentReferralsQuery } from './api';

/** The member's referral link, /r/{userId} (spec 3 §2), with a copy button. */
export function ReferralLinkCard() {
  const id = useId();
  const user = useCurrentUser();
  const input = useRef<HTMLInputElement>(null);
  const link = `${window.location.origin}/r/${user.id}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      showSuccess('Your referral link is copied. Paste it anywhere to share it.');
    } catch {
      // Without clipboard access the link is selected, so the member can copy it themselves.
      input.current?.select();
      showInfo('Your link is selected: press Ctrl+C (or ⌘C) to copy it.');
    }
  };

  return (
    <SideCard title="Your Referral Link">
      <p className="small text-body-secondary">
        Anyone who joins Marquee through this link is your referral.
      </p>
      <label className="visually-hidden" htmlFor={`${id}-link`}>
        Your referral link
      </label>
      <input
        ref={input}
        id={`${id}-link`}
        className="form-control"
        value={link}
        readOnly
        onFocus={(event) => event.target.select()}
      />
      <button type="button" className="btn btn-accent w-100 mt-2" onClick={() => void copy()}>
        Copy Link
      </button>
    </SideCard>
  );
}

/** What referrals give (spec 1 §9, spec 3 §2), and what the member's qualified referrals give today. */
export function BenefitsCard({ stats }: { stats: referrals.ReferralStats }) {
  const { premium, pro } = referrals.REFERRAL_ACTION_BONUS;
  const qualified = stats.qualified_count;
  return (
    <SideCard title="Referral Benefits">
      <ul className="mq-steps mq-ref-benefits">
        <li>
          <strong>Premium</strong> members get {premium.each} extra Daily Actions for each qualified referral,
          up to {premium.max} extra.
        </li>
        <li>
          <strong>Pro</strong> members get {pro.each} extra Daily Actions for each qualified referral, up to{' '}
          {pro.max} extra.
        </li>
        <li>
          A referral qualifies once they have been a member for 2 weeks and are not on the Free membership.
        </li>
        <li>
          Each month a referral pays for earns you {formatPoints(referrals.REFERRAL_DAY_PRICE.premium)}{' '}
          referral points at Premium or {formatPoints(referrals.REFERRAL_DAY_PRICE.pro)} at Pro, plus feature
          points toward being a Featured Member.
        </li>
      </ul>
      <p className="small mb-0" role="status">
        {qualified === 0
          ? 'You have no qualified referrals yet.'
          : `You have ${qualified} qualified ${qualified === 1 ? 'referral' : 'referrals'}` +
            (stats.extra_actions > 0
              ? `: +${stats.extra_actions} Daily Actions every day.`
              : '. Upgrade to Premium or Pro to turn them into extra Daily Actions.')}
      </p>
    </SideCard>
  );
}

const formatPoints = (n: number) => n.toLocaleString('en-US');

/** The latest days got with referral points (spec 3 §3 "Credits"). */
export function RecentCreditsCard({ credits }: { credits: referrals.ReferralCredit[] }) {
  return (
    <SideCard title="Recent Credits">
      {credits.length === 0 ? (
        <p className="small text-body-secondary mb-0">Days you trade your referral points for show here.</p>
      ) : (
        <ul className="mq-ref-list">
          {credits.map((credit) => (
            <li key={`${credit.date}-${credit.level}-${credit.days}`}>
              <span>
                <strong>
                  {credit.days} {LEVEL_NAME[credit.level]} {credit.days === 1 ? 'day' : 'days'}
                </strong>
              </span>
              <span className="mq-ref-list__date">{pacificDate(credit.date)}</span>
            </li>
          ))}
        </ul>
      )}
    </SideCard>
  );
}

/** Who joined with the link, and whether each qualifies (D6.3). Desktop only (spec 3 §2). */
export function RecentReferralsCard() {
  const recent = useQuery(recentReferralsQuery);
  return (
    <SideCard title="Recent Referrals" className="d-none d-xl-block">
      {recent.isPending ? (
        <LoadingLine>Loading your referrals…</LoadingLine>
      ) : recent.isError ? (
        <p className="text-body-secondary mb-0">{referrals.REFERRALS_LOAD_FAILED}</p>
      ) : recent.data.status === 'noresults' ? (
        <p className="mb-0">{referrals.REFERRALS_NONE}</p>
      ) : (
        <ul className="mq-ref-list mq-ref-list--people">
          {recent.data.users.map((member) => (
            <li key={member.id}>
              <Link to={`/profile/${member.id}`} className="mq-history__who">
                <Avatar src={member.avatar} size={35} alt="" />
                <span>{member.full_name}</span>
              </Link>
              <span className="mq-ref-list__date">Joined {pacificDate(member.joined)}</span>
              <span className={`badge ${member.qualified ? 'mq-verify--yes' : 'mq-verify--other'}`}>
                {member.qualified ? 'Qualified' : 'Not qualified yet'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </SideCard>
  );
}
