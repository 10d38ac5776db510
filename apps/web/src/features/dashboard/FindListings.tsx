import { useNavigate } from 'react-router';
import { autocomplete } from '@marquee/contract';
import { MemberOptions, membersFound } from '../../ui/MemberOptions';
import { SideCard } from '../../ui/SideCard';
import { useMemberCombobox } from '../../ui/useMemberCombobox';

/**
 * 'Find Someone's Listings' (spec 2 §2): a member search that goes to the member's profile, where
 * their listings can be acted on. An ARIA combobox: type, then Up and Down to move, Enter to go,
 * Escape to close the list (and again to clear it).
 */
export function FindListings() {
  const navigate = useNavigate();
  const { search, inputProps, statusId, optionsProps } = useMemberCombobox({
    choose: (match) => {
      navigate(`/profile/${match.id}`);
      return match.value;
    },
  });
  const { q, answered, matches } = search;

  const status = !q
    ? ''
    : !answered
      ? 'Searching…'
      : matches.length === 0
        ? autocomplete.NO_MATCH_TEXT
        : membersFound(matches.length, 'found. Use the up and down keys to choose.');

  return (
    <SideCard title="Find Someone's Listings" className="mq-find mb-3">
      <label htmlFor={inputProps.id} className="form-label small">
        Member name
      </label>
      <div className="mq-find__box">
        <input {...inputProps} placeholder="Type a first or last name" />
        <MemberOptions
          {...optionsProps}
          label="Members found"
          className="mq-find__list"
          optionClassName="mq-find__option"
        />
      </div>
      <p id={statusId} role="status" className={matches.length || !q ? 'visually-hidden' : 'mq-find__none'}>
        {status}
      </p>
    </SideCard>
  );
}
