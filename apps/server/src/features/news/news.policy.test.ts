import { describe, expect, it } from 'vitest';
import { media, news } from '@marquee/contract';
import * as policy from './news.policy.js';
import { newsHtml } from './news.present.js';

describe('who may do what with news (spec 1 §5, §6; D2.1)', () => {
  it('deletes only your own, hides only others’', () => {
    expect(policy.canDelete(1500, 1500)).toBe(true);
    expect(policy.canDelete(1500, 1501)).toBe(false);
    expect(policy.canHide(1500, 1500)).toBe(false);
    expect(policy.canHide(1500, 1501)).toBe(true);
  });

  it('never offers hiding yourself or a system account wholesale (D2.1)', () => {
    expect(policy.canHideAuthor(1500, 1501)).toBe(true);
    expect(policy.canHideAuthor(1500, 1500)).toBe(false);
    expect(policy.canHideAuthor(1500, news.OFFICIAL_NEWS_ID)).toBe(false);
  });

  it('refuses liking your own comment (spec 1 §5)', () => {
    expect(policy.canLikeComment(1500, 1500)).toBe(false);
    expect(policy.canLikeComment(1500, 1501)).toBe(true);
  });

  it('alerts nobody about their own action, and no system account (D8.2)', () => {
    expect(policy.alertsOwner(1500, 1501)).toBe(true);
    expect(policy.alertsOwner(1500, 1500)).toBe(false);
    expect(policy.alertsOwner(1500, news.OFFICIAL_NEWS_ID)).toBe(false);
  });

  it('keeps markup for the official account only (D2.1, D8.1)', () => {
    expect(policy.rendersRaw(news.OFFICIAL_NEWS_ID)).toBe(true);
    expect(policy.rendersRaw(1)).toBe(false);
    expect(policy.rendersRaw(1000)).toBe(false);
  });
});

describe('a post’s media (spec 1 §4, §5)', () => {
  const base = { hasFile: 'no', hasVideo: 'no', videoId: '' } as const;
  it('is none, an image or a video, never both', () => {
    expect(policy.postMedia(base)).toEqual({ kind: 'none' });
    const file = new Uint8Array([1, 2, 3]);
    expect(policy.postMedia({ ...base, hasFile: 'yes', myFile: file })).toEqual({ kind: 'image', file });
    expect(policy.postMedia({ ...base, hasFile: 'yes' })).toEqual({
      kind: 'refused',
      message: policy.NO_FILE,
    });
    expect(
      policy.postMedia({ ...base, hasFile: 'yes', myFile: file, hasVideo: 'yes', videoId: 'abcdefghijk' }),
    ).toEqual({
      kind: 'refused',
      message: policy.BOTH_MEDIA,
    });
  });

  it('takes a video id of 11 or 12 characters only', () => {
    for (const videoId of ['abcdefghijk', 'abcdefghijk_']) {
      expect(policy.postMedia({ ...base, hasVideo: 'yes', videoId })).toEqual({ kind: 'video', videoId });
    }
    for (const videoId of ['abcdefghij', 'abcdefghijklm', 'abc def ghij', '']) {
      expect(policy.postMedia({ ...base, hasVideo: 'yes', videoId })).toEqual({
        kind: 'refused',
        message: media.BAD_VIDEO_URL,
      });
    }
  });
});

describe('mentions (spec 1 §5; D8.2)', () => {
  it('counts length as the reader sees it', () => {
    expect(news.visibleText('Hi @[Maya Fernandez](1001)!')).toBe('Hi @Maya Fernandez!');
    expect(news.visibleLength('  @[Al](7)  ')).toBe(3);
  });

  it('alerts each mentioned member once, not the writer or a system account, at most five', () => {
    expect(policy.mentionTargets('@[A](1001) @[A](1001) @[Me](1500) @[News](2)', 1500)).toEqual([1001]);
    const many = Array.from({ length: 8 }, (_, i) => news.mentionMarkup(2000 + i, 'X')).join(' ');
    expect(policy.mentionTargets(many, 1500)).toHaveLength(news.MAX_MENTIONS);
  });

  it('stores the member’s own name and turns unknown mentions into plain text', () => {
    const names = new Map([[1001, 'Maya Fernandez']]);
    expect(policy.settleMentions('@[Boss](1001) and @[Ghost](9999)', names)).toBe(
      '@[Maya Fernandez](1001) and @Ghost',
    );
  });

  it('renders mentions as profile links and everything else links-only (D8.1)', () => {
    const html = newsHtml('<i>hi</i> @[Maya <b>F</b>](1001) https://example.com', false);
    expect(html).toBe(
      '&lt;i&gt;hi&lt;/i&gt; <a href="/profile/1001" class="mq-mention">@Maya &lt;b&gt;F&lt;/b&gt;</a> <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">https://example.com</a>',
    );
    expect(newsHtml('<b>Welcome</b>', true)).toBe('<b>Welcome</b>');
  });
});
