import { useNavigate } from 'react-router';
import { autocomplete } from '@marquee/contract';
import { MemberOptions, membersFound } from '../../ui/MemberOptions';
import { useMemberCombobox } from '../../ui/useMemberCombobox';

/**
 * 'Find Another Member' (spec 3 §2): on every community page, a member search that goes to the
 * member's profile. The one member combobox of the app (`useMemberCombobox`): type, then Up and
 * Down to move, Enter to go, Escape to close the list (and again to clear it).
 */
export function FindMember() {
  const navigate = useNavigate();
  const { search, inputProps, statusId, optionsProps } = useMemberCombobox({
    choose: (match) => {
      navigate(`/profile/${match.id}`);
      return '';
    },
    enterTakesLoneMatch: true,
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
    <div className="mq-find mq-community__find" role="search" aria-label="Find Another Member">
      <label htmlFor={inputProps.id} className="visually-hidden">
        Find Another Member
      </label>
      <div className="mq-find__box">
        <input {...inputProps} placeholder="Find Another Member" />
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
    </div>
  );
}
