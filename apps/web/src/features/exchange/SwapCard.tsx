import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import type { exchange } from '@marquee/contract';
import { Avatar } from '../../ui/Avatar';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { showInfo, showSuccess } from '../../ui/toast';
import { openListingWindow, POPUP_BLOCKED } from '../earn';
import { refreshInstagram, updateActionStatus } from './api';
import { Reputation } from './Reputation';
import { BUTTON_LABEL, buttonsOf, confirmationOf, moveOf, opensInstagram, type SwapButton } from './swap';

/** What the card asks, in words, before and after Instagram is opened. */
function hintOf(card: exchange.InstagramCard, opened: boolean): string {
  const name = `@${card.name}`;
  switch (card.stage) {
    case 'new':
      return opened
        ? `Followed ${name}? Press Done and they are asked to follow you back. Skip if you would rather not.`
        : `Open ${name} on Instagram and follow them.`;
    case 'follow_back':
      return opened
        ? `Followed ${name} back? Press Done. If they never followed you, contest it.`
        : `${name} followed you. Open their profile on Instagram and follow them back.`;
    case 'review':
      return `${name} says they followed you back. Confirm if they did; contest if they did not.`;
    case 'acknowledge':
      return `${name} contested your follow. Acknowledge it to clear it from your list.`;
  }
}

/** The address as people read it: without the scheme and the trailing slash. */
const shortUrl = (url: string) => url.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '');

/**
 * One card of the Instagram exchange (spec 3 §2, §3): the other member's picture, handle, title,
 * description, address and reputation. Unopened, then opened after "Open Instagram" (Done, Skip,
 * and Contest for a follow back), then confirmed once the server has answered (EX5).
 */
export function SwapCard({ card, onMoved }: { card: exchange.InstagramCard; onMoved: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const [asking, setAsking] = useState<SwapButton | null>(null);
  const [answered, setAnswered] = useState<string | null>(null);
  const name = `@${card.name}`;

  const move = useMutation({
    mutationFn: (button: SwapButton) => updateActionStatus(moveOf(card, button)),
    onSuccess: (answer) => {
      // 'info' stays until closed: it says something the member must read (spec 3 §7).
      if (answer.color === 'info') showInfo(answer.message);
      else showSuccess(answer.message);
      setAnswered(answer.message);
    },
    onSettled: async () => {
      setAsking(null);
      await refreshInstagram(queryClient);
      onMoved();
    },
  });

  const press = (button: SwapButton) => {
    if (confirmationOf(card, button)) setAsking(button);
    else move.mutate(button);
  };

  const openInstagram = () => {
    // In the click itself, or a pop-up blocker stops the window.
    setBlocked(!openListingWindow(card.open_url, card.user_id));
    setOpened(true);
  };

  const confirmation = asking ? confirmationOf(card, asking) : null;
  const buttons = buttonsOf(card.stage, opened);
  const owner = `${card.first} ${card.last}`.trim();

  return (
    <li className={`mq-swap${answered ? ' mq-swap--answered' : ''}`} aria-labelledby={`${id}-name`}>
      <div className="mq-swap__main">
        <Avatar src={card.profile} size={80} alt="" />
        <div className="mq-swap__text">
          <h3 className="mq-swap__name" id={`${id}-name`}>
            {name}
          </h3>
          {card.title && <p className="mq-swap__title">{card.title}</p>}
          {card.description && <p className="mq-swap__description">{card.description}</p>}
          <p className="mq-swap__meta">
            <a href={card.open_url} target="_blank" rel="noopener noreferrer">
              {shortUrl(card.url)}
              <span className="visually-hidden"> (opens a new window)</span>
            </a>
            {owner && <span>Listed by {owner}</span>}
          </p>
          <p className="mq-swap__rep">
            Reputation <Reputation value={card.reputation} />
          </p>
        </div>
      </div>

      {answered ? (
        <p className="mq-swap__answered" role="status">
          <span aria-hidden="true">✓ </span>
          {answered}
        </p>
      ) : (
        <div className="mq-swap__task">
          <p className="mq-swap__hint">{hintOf(card, opened)}</p>
          {blocked && (
            <div className="alert alert-warning py-2" role="alert">
              {POPUP_BLOCKED}
            </div>
          )}
          <div className="mq-swap__actions">
            {opensInstagram(card.stage) && (
              <Button
                variant={opened ? 'outline-primary' : 'primary'}
                onClick={openInstagram}
                disabled={move.isPending}
              >
                {opened ? 'Open Instagram again' : 'Open Instagram'}
                <span className="visually-hidden"> for {name}</span>
              </Button>
            )}
            {buttons.map((button) => (
              <Button
                key={button}
                variant={
                  button === 'done' || button === 'confirm' || button === 'acknowledge'
                    ? 'primary'
                    : 'outline-secondary'
                }
                onClick={() => press(button)}
                disabled={move.isPending}
              >
                {move.isPending && move.variables === button ? 'Sending…' : BUTTON_LABEL[button]}
                <span className="visually-hidden"> {name}</span>
              </Button>
            ))}
          </div>
        </div>
      )}

      <ConfirmModal
        show={confirmation !== null}
        title={confirmation?.title ?? ''}
        confirmLabel={asking ? BUTTON_LABEL[asking] : ''}
        busyLabel="Sending…"
        confirmVariant={asking === 'acknowledge' ? 'primary' : 'danger'}
        busy={move.isPending}
        onConfirm={() => asking && move.mutate(asking)}
        onClose={() => setAsking(null)}
      >
        <p className="mb-0">{confirmation?.text}</p>
      </ConfirmModal>
    </li>
  );
}
