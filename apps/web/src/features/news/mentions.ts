import { news } from '@marquee/contract';

/** A member chosen from the @ suggestions. */
export interface Mention {
  id: string;
  name: string;
}

/** The word being typed after an @ just before the caret, if any: what the suggestions search for. */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const match = /(?:^|\s)@([^\s@[\]()]{1,30})$/.exec(text.slice(0, caret));
  if (!match?.[1]) return null;
  return { start: caret - match[1].length - 1, query: match[1] };
}

/** Replaces the typed `@word` with the chosen member's `@Full Name ` and says where the caret goes. */
export function insertMention(text: string, start: number, caret: number, name: string) {
  const inserted = `@${name} `;
  return { text: text.slice(0, start) + inserted + text.slice(caret), caret: start + inserted.length };
}

/**
 * The text to send: each chosen member still written as `@Full Name` becomes the stored mention
 * markup (contract news.mentionMarkup); a mention edited away is plain text again.
 */
export function withMentionMarkup(text: string, mentions: readonly Mention[]): string {
  let out = text;
  for (const m of mentions) {
    const shown = `@${m.name}`;
    const at = out.indexOf(shown);
    if (at >= 0) {
      out = out.slice(0, at) + news.mentionMarkup(m.id, m.name) + out.slice(at + shown.length);
    }
  }
  return out;
}
