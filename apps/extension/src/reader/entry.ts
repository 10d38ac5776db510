import { readImdbAnswer, type Ask } from './imdb-reader.ts';

// reader.js, put into each IMDb tab the extension opens (pages.ts): the reader, for it to call.
(globalThis as { __marqueeReadImdb?: (ask: Ask) => unknown }).__marqueeReadImdb = (ask: Ask) =>
  readImdbAnswer(document, ask);
