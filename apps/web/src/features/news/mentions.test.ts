import { describe, expect, it } from 'vitest';
import { news } from '@marquee/contract';
import { insertMention, mentionQuery, withMentionMarkup } from './mentions';
import { imageRefusal } from './ComposerMedia';

describe('mentions in the composer (spec 1 §5)', () => {
  it('finds the word typed after an @ before the caret', () => {
    expect(mentionQuery('Thanks @ma', 10)).toEqual({ start: 7, query: 'ma' });
    expect(mentionQuery('@jo', 3)).toEqual({ start: 0, query: 'jo' });
    expect(mentionQuery('mail me@home', 12)).toBeNull();
    expect(mentionQuery('Thanks @ma ', 11)).toBeNull();
    expect(mentionQuery('Thanks @', 8)).toBeNull();
  });

  it('puts the chosen name in place of the typed word', () => {
    expect(insertMention('Thanks @ma!', 7, 10, 'Maya Fernandez')).toEqual({
      text: 'Thanks @Maya Fernandez !',
      caret: 23,
    });
  });

  it('sends each chosen mention still in the text as markup, and drops the rest', () => {
    const chosen = [
      { id: '1001', name: 'Maya Fernandez' },
      { id: '1002', name: 'Jonah Whitaker' },
    ];
    const sent = withMentionMarkup('Well done @Maya Fernandez and @Jonah', chosen);
    expect(sent).toBe(`Well done ${news.mentionMarkup(1001, 'Maya Fernandez')} and @Jonah`);
    expect(news.visibleText(sent)).toBe('Well done @Maya Fernandez and @Jonah');
  });
});

describe('the image a post may carry (spec 2 §5)', () => {
  it('takes PNG, GIF and JPEG up to 2,048,000 bytes', () => {
    expect(imageRefusal({ type: 'image/png', size: 2_048_000 })).toBeNull();
    expect(imageRefusal({ type: 'image/jpeg', size: 2_048_001 })).toBe(
      'Please upload a file that is smaller than 2mb in size!',
    );
    expect(imageRefusal({ type: 'image/svg+xml', size: 10 })).toMatch(/PNG, GIF or JPEG/);
  });
});
