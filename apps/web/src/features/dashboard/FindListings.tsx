import { useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { autocomplete } from '@marquee/contract';
import { Avatar } from '../../ui/Avatar';
import { SideCard } from '../../ui/SideCard';
import { useMemberSearch } from '../../ui/useMemberSearch';

/**
 * 'Find Someone's Listings' (spec 2 §2): a member search that goes to the member's profile, where
 * their listings can be acted on. An ARIA combobox: type, then Up and Down to move, Enter to go,
 * Escape to close the list (and again to clear it).
 */
export function FindListings() {
  const id = useId();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { q, answered, matches } = useMemberSearch(text.trim());
  const expanded = open && matches.length > 0;
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;

  const go = (match: autocomplete.MemberMatch) => {
    setOpen(false);
    setText(match.value);
    navigate(`/profile/${match.id}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!matches.length) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (!open) {
        setOpen(true);
        setActive(step === 1 ? 0 : matches.length - 1);
        return;
      }
      setActive((i) => (i + step + matches.length) % matches.length);
    } else if (event.key === 'Enter') {
      const chosen = expanded ? matches[active] : undefined;
      if (chosen) {
        event.preventDefault();
        go(chosen);
      }
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        event.preventDefault();
        setText('');
      }
    }
  };

  const status = !q
    ? ''
    : !answered
      ? 'Searching…'
      : matches.length === 0
        ? autocomplete.NO_MATCH_TEXT
        : `${matches.length} member${matches.length === 1 ? '' : 's'} found. Use the up and down keys to choose.`;

  return (
    <SideCard title="Find Someone's Listings" className="mq-find mb-3">
      <label htmlFor={`${id}-input`} className="form-label small">
        Member name
      </label>
      <div className="mq-find__box">
        <input
          id={`${id}-input`}
          type="text"
          className="form-control"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          placeholder="Type a first or last name"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-describedby={`${id}-status`}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(true)}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Members found"
          className="mq-find__list"
          hidden={!expanded}
        >
          {matches.map((m, i) => (
            <li
              key={m.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={`mq-find__option${i === active ? ' is-active' : ''}`}
              // Chosen before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                go(m);
              }}
              onMouseMove={() => setActive(i)}
            >
              <Avatar src={m.avatar} size={28} alt="" />
              <span>{m.value}</span>
            </li>
          ))}
        </ul>
      </div>
      <p
        id={`${id}-status`}
        role="status"
        className={matches.length || !q ? 'visually-hidden' : 'mq-find__none'}
      >
        {status}
      </p>
    </SideCard>
  );
}
