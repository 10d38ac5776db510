import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { linkedAccounts, earn } from '@marquee/contract';
import { call } from '../../app/api';
import { showSuccess, showWarning } from '../../ui/toast';
import { showErrorText } from '../earn';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { useRefreshAfterCredit } from '../points';
import { PLATFORM_NAMES, type LinkedPlatform } from './api';

interface MissingActionsListProps {
  platform: LinkedPlatform;
  items: linkedAccounts.MissingAction[];
  accountName: string;
  /** An item was settled and others remain: fetch the list again. */
  onChanged: () => void;
  /** None remain: the tab shows its listings again (spec 1 §4: the page reloads). */
  onCleared: () => void;
}

/** Follows or likes that were credited but do not show on the linked account (spec 1 §4 "Missing action"). */
export function MissingActionsList({
  platform,
  items,
  accountName,
  onChanged,
  onCleared,
}: MissingActionsListProps) {
  const names = PLATFORM_NAMES[platform];
  const headingId = useId();
  const settled = (remaining: number) => (remaining <= 0 ? onCleared() : onChanged());
  return (
    <section className="mq-missing" aria-labelledby={headingId}>
      <div className="mq-notice mq-notice--warning mb-3">
        <h3 className="mq-notice__title" id={headingId}>
          {items.length === 1
            ? `1 ${names.action} is missing`
            : `${items.length} ${names.actions} are missing`}
        </h3>
        <p className="mb-0">
          These {names.actions} don&rsquo;t show on {accountName}. For each one: {names.action} it again and
          press Confirm, or give the points back with Reverse. If the page is gone, tell us and we mark it
          invalid. You can earn on {names.name} again once the list is clear.
        </p>
      </div>
      <ul className="mq-missing__list">
        {items.map((item) => (
          <MissingItem key={item.history_id} platform={platform} item={item} onSettled={settled} />
        ))}
      </ul>
    </section>
  );
}

function MissingItem({
  platform,
  item,
  onSettled,
}: {
  platform: LinkedPlatform;
  item: linkedAccounts.MissingAction;
  onSettled: (remaining: number) => void;
}) {
  const names = PLATFORM_NAMES[platform];
  const nameId = useId();
  const refreshAfterCredit = useRefreshAfterCredit();
  const [confirmingReverse, setConfirmingReverse] = useState(false);
  const input = { history_id: item.history_id };

  const recheck = useMutation({
    mutationFn: () => call(linkedAccounts.recheck[platform], input),
    onSuccess: (answer) => {
      if (answer.status === 'verified')
        showSuccess(answer.message || `Thanks! We found that ${names.action}.`);
      else showWarning(answer.message || `That ${names.action} still doesn't show on ${names.name}.`);
      if (answer.status === 'verified') void refreshAfterCredit();
      if (answer.status === 'verified' || answer.remaining <= 0) onSettled(answer.remaining);
    },
  });
  const reverse = useMutation({
    mutationFn: () => call(linkedAccounts.reverse, input),
    onSuccess: (answer) => {
      setConfirmingReverse(false);
      showSuccess(answer.message || `The ${item.taken} points went back to the listing's owner.`);
      void refreshAfterCredit();
      onSettled(answer.remaining);
    },
  });
  const pageGone = useMutation({
    mutationFn: () => call(linkedAccounts.checkPageExists, input),
    onSuccess: (answer) => {
      if (answer.status === 'missing') {
        showSuccess(earn.MESSAGES.markedInvalid);
        void refreshAfterCredit();
        onSettled(answer.remaining);
      } else {
        showErrorText(earn.MESSAGES.pageStillExists);
      }
    },
  });
  const busy = recheck.isPending || reverse.isPending || pageGone.isPending;
  const hidden = <span className="visually-hidden"> {item.listing_name}</span>;

  return (
    <li className="mq-missing__item" aria-labelledby={nameId}>
      <div className="mq-missing__text">
        <h4 className="mq-missing__name" id={nameId}>
          <a href={item.open_url || item.url} target="_blank" rel="noopener noreferrer">
            {item.listing_name}
            <span className="visually-hidden"> (opens in a new window)</span>
          </a>
        </h4>
        <p className="mq-missing__meta">
          <span className="badge mq-points-badge">+{item.taken} points</span> {item.datething}
        </p>
      </div>
      <div className="mq-missing__actions">
        <Button size="sm" variant="primary" onClick={() => recheck.mutate()} disabled={busy}>
          {recheck.isPending ? 'Checking…' : 'Confirm'}
          {hidden}
        </Button>
        <Button size="sm" variant="outline-danger" onClick={() => setConfirmingReverse(true)} disabled={busy}>
          Reverse
          {hidden}
        </Button>
        <Button size="sm" variant="link" onClick={() => pageGone.mutate()} disabled={busy}>
          Page no longer exists
          {hidden}
        </Button>
      </div>
      <ConfirmModal
        show={confirmingReverse}
        title={`Give back the ${item.taken} points?`}
        confirmLabel="Reverse"
        busyLabel="Reversing…"
        busy={reverse.isPending}
        onConfirm={() => reverse.mutate()}
        onClose={() => setConfirmingReverse(false)}
      >
        <p className="mb-0">
          The {item.taken} points you earned for {names.action === 'follow' ? 'following' : 'liking'}{' '}
          <strong>{item.listing_name}</strong> go back to its owner, and the {names.action} leaves your
          missing actions. This cannot be undone, but you can earn on the listing again.
        </p>
      </ConfirmModal>
    </li>
  );
}
