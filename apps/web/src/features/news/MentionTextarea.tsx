import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { autocomplete } from '@marquee/contract';
import { MemberOptions, membersFound } from '../../ui/MemberOptions';
import { useMemberSearch } from '../../ui/useMemberSearch';
import { insertMention, mentionQuery, type Mention } from './mentions';

/** Typing pauses this long before the member search is sent (shorter than the search boxes'). */
const DEBOUNCE_MS = 200;

interface MentionTextareaProps {
  id?: string;
  value: string;
  onChange: (text: string) => void;
  onMention: (mention: Mention) => void;
  label: string;
  placeholder?: string;
  rows?: number;
  disabled?: boolean;
  describedBy?: string;
  className?: string;
  onFocus?: () => void;
  /** Ctrl/Cmd+Enter sends. */
  onSubmit?: () => void;
}

/**
 * A text box where typing @ suggests members (spec 1 §5 Mentions, autocomplete/users; '00' marks
 * none). An ARIA combobox: Up and Down move, Enter or Tab choose, Escape closes.
 */
export function MentionTextarea(props: MentionTextareaProps) {
  const { value, onChange, onMention, label, disabled, onSubmit } = props;
  const ownId = useId();
  const id = props.id ?? ownId;
  const box = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const typing = mentionQuery(value, caret);
  const search = useMemberSearch(typing?.query ?? '', { debounceMs: DEBOUNCE_MS });
  // Only the answer for the word now being typed.
  const current = !!typing && search.q === typing.query;
  const matches = current ? search.matches : [];
  const noMatch = current && search.noMatch;
  const expanded = !!typing && dismissed !== typing.query && matches.length > 0;
  const listId = `${id}-mentions`;
  const optionId = (i: number) => `${id}-mention-${i}`;

  const choose = (match: autocomplete.MemberMatch) => {
    if (!typing) return;
    const next = insertMention(value, typing.start, caret, match.value);
    onChange(next.text);
    onMention({ id: match.id, name: match.value });
    setCaret(next.caret);
    requestAnimationFrame(() => {
      box.current?.focus();
      box.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && onSubmit) {
      event.preventDefault();
      onSubmit();
      return;
    }
    if (!expanded) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + matches.length) % matches.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      const chosen = matches[Math.min(active, matches.length - 1)];
      if (chosen) {
        event.preventDefault();
        choose(chosen);
      }
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDismissed(typing?.query ?? null);
    }
  };

  const status = expanded
    ? membersFound(matches.length, 'to mention. Use the up and down keys, then Enter.')
    : noMatch
      ? autocomplete.NO_MATCH_TEXT
      : '';

  return (
    <div className="mq-mention-box">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <textarea
        ref={box}
        id={id}
        className={props.className ?? 'form-control'}
        rows={props.rows ?? 3}
        placeholder={props.placeholder}
        value={value}
        disabled={disabled}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded ? optionId(Math.min(active, matches.length - 1)) : undefined}
        aria-describedby={[props.describedBy, `${id}-mention-status`].filter(Boolean).join(' ')}
        onChange={(event) => {
          onChange(event.target.value);
          setCaret(event.target.selectionStart);
          setActive(0);
          setDismissed(null);
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
        onFocus={props.onFocus}
        onBlur={() => setDismissed(typing?.query ?? null)}
      />
      <MemberOptions
        id={listId}
        label="Members to mention"
        className="mq-mention-list"
        optionClassName="mq-mention-list__option"
        optionId={optionId}
        matches={matches}
        active={active}
        hidden={!expanded}
        onChoose={choose}
        onActive={setActive}
      />
      <span id={`${id}-mention-status`} role="status" className="visually-hidden">
        {status}
      </span>
    </div>
  );
}
