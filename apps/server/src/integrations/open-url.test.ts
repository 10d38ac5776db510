import { describe, expect, it } from 'vitest';
import { facebookSlugOf, realUrl, simulatedUrl, xHandleOf, youtubeIdOf } from './open-url.js';

describe('openUrl offline: real listing URLs map to the simulated pages (D9.2)', () => {
  it.each([
    ['https://www.imdb.com/name/nm0000123/', '/sim/imdb/name/nm0000123/'],
    ['http://imdb.com/name/nm0000123', '/sim/imdb/name/nm0000123/'],
    ['https://m.imdb.com/title/tt0114709/?ref_=nv_sr_1', '/sim/imdb/title/tt0114709/'],
    ['www.imdb.com/title/tt0114709', '/sim/imdb/title/tt0114709/'],
    ['https://x.com/mayafernandez', '/sim/x/mayafernandez'],
    ['https://twitter.com/Maya_F?lang=en', '/sim/x/Maya_F'],
    ['http://www.twitter.com/@maya.f/', '/sim/x/maya.f'],
    ['https://twitter.com/intent/follow?screen_name=maya_f', '/sim/x/maya_f'],
    ['https://www.facebook.com/mayafernandezofficial', '/sim/facebook/mayafernandezofficial'],
    ['https://m.facebook.com/maya.page/?ref=bookmarks', '/sim/facebook/maya.page'],
    ['https://www.facebook.com/profile.php?id=100045', '/sim/facebook/100045'],
    ['https://www.youtube.com/watch?v=aqz-KE-bpKQ', '/sim/youtube/watch?v=aqz-KE-bpKQ'],
    ['https://youtube.com/watch?feature=share&v=Ks-_Mh1QhMc', '/sim/youtube/watch?v=Ks-_Mh1QhMc'],
    ['https://youtu.be/jNQXAC9IVRw?t=4', '/sim/youtube/watch?v=jNQXAC9IVRw'],
    ['https://www.youtube.com/shorts/M7lc1UVf-VE', '/sim/youtube/watch?v=M7lc1UVf-VE'],
    // The Exchange's Instagram profiles (EX2), with or without www, the slash or a query.
    ['https://www.instagram.com/jane.doe/', '/sim/instagram/jane.doe'],
    ['https://instagram.com/Jane_Doe', '/sim/instagram/jane_doe'],
    ['instagram.com/janedoe?hl=en', '/sim/instagram/janedoe'],
    ['http://www.instagram.com/@janedoe/?igsh=abc', '/sim/instagram/janedoe'],
  ])('%s -> %s', (url, expected) => {
    expect(simulatedUrl(url)).toBe(expected);
  });

  it('opens the embeddable player when asked for the embed', () => {
    expect(simulatedUrl('https://www.youtube.com/watch?v=aqz-KE-bpKQ', { embed: true })).toBe(
      '/sim/youtube/embed/aqz-KE-bpKQ',
    );
    expect(simulatedUrl('https://youtu.be/jNQXAC9IVRw', { embed: true })).toBe(
      '/sim/youtube/embed/jNQXAC9IVRw',
    );
  });

  it('leaves other addresses as they are, and refuses look-alike hosts', () => {
    expect(simulatedUrl('https://www.instagram.com/p/BWUDBntl3_Z/')).toBe(
      'https://www.instagram.com/p/BWUDBntl3_Z/',
    );
    expect(simulatedUrl('https://instagram.com.evil.test/maya/')).toBe(
      'https://instagram.com.evil.test/maya/',
    );
    expect(simulatedUrl('https://x.com.evil.test/maya')).toBe('https://x.com.evil.test/maya');
    expect(simulatedUrl('https://notyoutube.com/watch?v=aqz-KE-bpKQ')).toBe(
      'https://notyoutube.com/watch?v=aqz-KE-bpKQ',
    );
    expect(simulatedUrl('not a url at all')).toBe('not a url at all');
  });
});

describe('openUrl in production', () => {
  it('is the listing URL itself, and the privacy-enhanced player for an embedded video', () => {
    expect(realUrl('https://www.imdb.com/name/nm0000123/')).toBe('https://www.imdb.com/name/nm0000123/');
    expect(realUrl('https://x.com/maya', { embed: true })).toBe('https://x.com/maya');
    expect(realUrl('https://www.youtube.com/watch?v=aqz-KE-bpKQ')).toBe(
      'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    );
    expect(realUrl('https://www.youtube.com/watch?v=aqz-KE-bpKQ', { embed: true })).toBe(
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
    );
  });
});

describe('platform URL readers', () => {
  it('validate what they find', () => {
    expect(xHandleOf('https://x.com/' + 'a'.repeat(51))).toBeNull();
    expect(xHandleOf('https://x.com/')).toBeNull();
    expect(facebookSlugOf('https://www.facebook.com/<script>')).toBeNull();
    expect(youtubeIdOf('https://www.youtube.com/watch?v=short')).toBeNull();
    expect(youtubeIdOf('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ')).toBe('aqz-KE-bpKQ');
  });
});
