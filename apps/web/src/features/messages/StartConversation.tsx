import { Link, useNavigate } from 'react-router';
import { autocomplete } from '@marquee/contract';
import { MemberOptions, membersFound } from '../../ui/MemberOptions';
import { useMemberCombobox } from '../../ui/useMemberCombobox';

/**
 * Start a conversation (spec 2 §2 Messages): an ARIA combobox over autocomplete/users that opens
 * the conversation with the member chosen. Free members may only reply (spec 2 §5), so they see
 * that instead, with the way to upgrade.
 */
export function StartConversation({ canStart }: { canStart: boolean }) {
  if (!canStart) {
    return (
      <div className="mq-msg-start mq-msg-start--free">
        <p className="mb-1">Free members can reply to messages but can&apos;t start new conversations.</p>
        <Link to="/membership">Upgrade to message any member</Link>
      </div>
    );
  }
  return <MemberSearch />;
}

function MemberSearch() {
  const navigate = useNavigate();
  const { search, inputProps, statusId, optionsProps } = useMemberCombobox({
    choose: (match) => {
      navigate(`/messages/${match.id}`);
      return '';
    },
    enterTakesLoneMatch: true,
  });
  const { q, answered, matches } = search;

  const status = !q
    ? ''
    : search.isError
      ? 'The member search is not answering. Please try again.'
      : !answered
        ? 'Searching…'
        : matches.length === 0
          ? autocomplete.NO_MATCH_TEXT
          : membersFound(matches.length, 'found. Use the up and down keys to choose.');

  return (
    <div className="mq-msg-start mq-find">
      <label htmlFor={inputProps.id} className="form-label small mb-1">
        Start a conversation
      </label>
      <div className="mq-find__box">
        <input {...inputProps} placeholder="Type a member's name" maxLength={50} />
        <MemberOptions
          {...optionsProps}
          label="Members found"
          className="mq-find__list"
          optionClassName="mq-find__option"
        />
      </div>
      <p
        id={statusId}
        role="status"
        className={matches.length || !q || !answered ? 'visually-hidden' : 'mq-find__none'}
      >
        {status}
      </p>
    </div>
  );
}
