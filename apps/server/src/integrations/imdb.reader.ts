import { imdbCodeOf, parseImdbPage } from './imdb-page.parser.js';
import { platformFetch } from './platform-fetch.js';
import { PlatformOffline, type ImdbPage, type ImdbPageReader } from './types.js';

/** Production: fetches the page from www.imdb.com in English and parses it. */
export function realImdbReader(): ImdbPageReader {
  return {
    async read(url) {
      const code = imdbCodeOf(url);
      if (!code) return null;
      const pageUrl = `https://www.imdb.com/${code.startsWith('nm') ? 'name' : 'title'}/${code}/`;
      const res = await platformFetch('imdb', pageUrl, {
        headers: {
          // The runtime and category words the parser reads are the English ones.
          'Accept-Language': 'en-US,en;q=0.9',
          Accept: 'text/html',
          'User-Agent': 'Mozilla/5.0 (compatible; MarqueeBot/4.2; +https://marquee.example/bot)',
        },
      });
      if (res.status === 404 || res.status === 410) return null;
      if (!res.ok) throw new PlatformOffline('imdb');
      return parsedOrOffline(await res.text(), code);
    },
  };
}

/** A page the parser cannot read (a changed layout, a block page) is treated as unreachable, never as facts. */
export function parsedOrOffline(html: string, code: string): ImdbPage {
  const page = parseImdbPage(html, code);
  if (!page) throw new PlatformOffline('imdb');
  return page;
}
