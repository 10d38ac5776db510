import { useId, useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import type { autocomplete } from '@marquee/contract';
import { useMemberSearch } from './useMemberSearch';

interface MemberComboboxOptions {
  /** Acts on the member chosen; answers what the box then holds. */
  choose: (match: autocomplete.MemberMatch) => string;
  /** Enter takes the only member found even when none is active. */
  enterTakesLoneMatch?: boolean;
}

/**
 * A one-line member search box as an ARIA combobox (start a conversation, find someone's listings):
 * type, then Up and Down to move, Enter to choose, Escape to close the list (and again to clear
 * the box). Spread `inputProps` on the input and `optionsProps` on its MemberOptions.
 */
export function useMemberCombobox({ choose, enterTakesLoneMatch = false }: MemberComboboxOptions) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const search = useMemberSearch(text.trim());
  const { matches } = search;
  const expanded = open && matches.length > 0;
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const statusId = `${id}-status`;

  const go = (match: autocomplete.MemberMatch) => {
    setOpen(false);
    setText(choose(match));
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
      const lone = enterTakesLoneMatch && matches.length === 1 ? matches[0] : undefined;
      const chosen = expanded ? (matches[active] ?? lone) : undefined;
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

  const inputProps: InputHTMLAttributes<HTMLInputElement> = {
    id: `${id}-input`,
    type: 'text',
    className: 'form-control',
    role: 'combobox',
    autoComplete: 'off',
    spellCheck: false,
    'aria-autocomplete': 'list',
    'aria-expanded': expanded,
    'aria-controls': listId,
    'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
    'aria-describedby': statusId,
    value: text,
    onChange: (event) => {
      setText(event.target.value);
      setOpen(true);
      setActive(-1);
    },
    onKeyDown,
    onBlur: () => setOpen(false),
    onFocus: () => setOpen(true),
  };

  return {
    search,
    inputProps,
    statusId,
    optionsProps: {
      id: listId,
      optionId,
      matches,
      active,
      hidden: !expanded,
      onChoose: go,
      onActive: setActive,
    },
  };
}
