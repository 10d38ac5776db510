import type { autocomplete } from '@marquee/contract';
import { Avatar } from './Avatar';

interface MemberOptionsProps {
  /** The listbox's id, named by its combobox's aria-controls. */
  id: string;
  /** The listbox's accessible name. */
  label: string;
  className: string;
  optionClassName: string;
  /** The id of the option at an index, named by the combobox's aria-activedescendant. */
  optionId: (index: number) => string;
  matches: autocomplete.MemberMatch[];
  active: number;
  hidden: boolean;
  onChoose: (match: autocomplete.MemberMatch) => void;
  onActive: (index: number) => void;
}

/**
 * The members a member search found (useMemberSearch), as the listbox of an ARIA combobox: each with
 * their picture and name, the active one marked, chosen with the mouse before the box's blur closes
 * the list. The mention, start-a-conversation and find-listings boxes all draw their matches here.
 */
export function MemberOptions({
  id,
  label,
  className,
  optionClassName,
  optionId,
  matches,
  active,
  hidden,
  onChoose,
  onActive,
}: MemberOptionsProps) {
  return (
    <ul id={id} role="listbox" aria-label={label} className={className} hidden={hidden}>
      {matches.map((m, i) => (
        <li
          key={m.id}
          id={optionId(i)}
          role="option"
          aria-selected={i === active}
          className={`${optionClassName}${i === active ? ' is-active' : ''}`}
          // Chosen before the box's blur closes the list.
          onMouseDown={(event) => {
            event.preventDefault();
            onChoose(m);
          }}
          onMouseMove={() => onActive(i)}
        >
          <Avatar src={m.avatar} size={28} alt="" />
          <span>{m.value}</span>
        </li>
      ))}
    </ul>
  );
}

/** The status line of a box whose matches were found: how many, and how to choose. */
export function membersFound(count: number, how: string): string {
  return `${count} member${count === 1 ? '' : 's'} ${how}`;
}
