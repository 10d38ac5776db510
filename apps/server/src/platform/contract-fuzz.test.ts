import { describe, expect, it } from 'vitest';
import { operationUrls, type Operation } from '@marquee/contract';
import { useTestApp } from '../../test/test-app.js';
import { buildMember } from '../../test/factories.js';
import { allOperations, inputKeys } from '../../test/contract-ops.js';

/**
 * Bad input against every call of the contract (docs/domain.md "Bad input", B1-B4): whatever arrives,
 * no call answers 5xx, and no library's default text reaches a member.
 */

/**
 * Strings that have broken web apps, a selection from the Big List of Naughty Strings
 * (github.com/minimaxir/big-list-of-naughty-strings, blns.txt, MIT licence), plus NUL and the sizes
 * and id edges of this app.
 */
const NAUGHTY_STRINGS = [
  '',
  ' ',
  'undefined',
  'null',
  'NaN',
  '\\',
  '\\\\',
  '0',
  '-1',
  '1E+02',
  '0x10',
  '1e3',
  '2147483648',
  '99999999999999999999999',
  '-2147483649',
  '1/0',
  '٠١٢٣٤٥٦٧٨٩',
  '<script>alert(123)</script>',
  '"><img src=x onerror=alert(1)>',
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  '%00',
  'a\u0000b',
  '\u0000',
  '\u202e\u0644\u0627',
  '\ud800',
  '😍👩🏽‍💻🏳️‍🌈',
  'Ṱ̺̺̕o͞ ̷i̲̬͇̪͙n̝̗͕v̟̜̘̦͟o̶̙̰̠kè͚̮̺̪̹̱̤ ̖t̝͕̳̣̻̪͞h̼͓̲̦̳̘̲e͇̣̰̦̬͎ ̢̼̻̱̘h͚͎͙̜̣̲ͅi̦̲̣̰̤v̻͍e̺̭̳̪̰-m̢iͅn̖̺̞̲̯̰d̵̼̟͙̩̼̘̳',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  'https://www.imdb.com/name/nm0000001/\u0000',
  'x'.repeat(100_001),
];

/** Values of the wrong type for a field (B4: ids are positive whole numbers written as digits). */
const TYPE_CONFUSED: unknown[] = [
  true,
  false,
  null,
  [1],
  [],
  { id: 1 },
  -1,
  0,
  1.5,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER,
  1e308,
];

/** Bodies that are not a set of fields at all. */
const NOT_A_FORM_BODIES: unknown[] = [[], [1, 2], 'text', 42, true];

/** Texts zod writes when a schema gives no message of its own; none may reach a member (B2). */
const DEFAULT_ZOD_TEXT =
  /Invalid input|expected \w+, received|Too (big|small)|Invalid option|Unrecognized key|Invalid (string|email|url|enum)|Required$|Expected /;

const ops = allOperations().filter((op) => !op.path.startsWith('dev/'));

describe('bad input against every call (B1-B4)', () => {
  const t = useTestApp({ ownDatabase: true });
  let addressCounter = 0;

  /** Sends one call as its audience would, each from its own address so the anonymous limit stays out of the way. */
  async function send(op: Operation, url: string, input: unknown, token?: string) {
    addressCounter += 1;
    const remoteAddress = `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    if (op.method === 'GET') {
      const query = Object.fromEntries(
        Object.entries((input ?? {}) as Record<string, unknown>).map(([k, v]) => [
          k,
          typeof v === 'string' ? v : JSON.stringify(v),
        ]),
      );
      return t.app.inject({ method: 'GET', url, query, headers, remoteAddress });
    }
    return t.app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify(input),
      headers: { ...headers, 'content-type': 'application/json' },
      remoteAddress,
    });
  }

  function expectReadable(op: Operation, sent: unknown, res: { statusCode: number; body: string }) {
    const where = `${op.method} ${op.path} with ${JSON.stringify(sent)?.slice(0, 120)}`;
    expect(res.statusCode, where).toBeLessThan(500);
    const body = JSON.parse(res.body) as { message?: string };
    if (res.statusCode >= 400) {
      expect(body.message, where).toBeTruthy();
      expect(body.message, where).not.toMatch(DEFAULT_ZOD_TEXT);
    }
  }

  it('answers every naughty string and type-confused value with less than 500 and a readable message', async () => {
    for (const op of ops) {
      // A caller of its own for each call: some end their session (logout, deactivation, deletion).
      const caller =
        op.audience === 'public'
          ? null
          : await buildMember(t.db, t.clock, {
              membership: 'pro',
              points: 500,
              role: op.audience === 'admin' ? 'admin' : undefined,
            });
      const token = caller?.token;
      const url = operationUrls(op)[0] as string;
      const keys = inputKeys(op.input);
      // Every field at once holding the same naughty string.
      for (const value of NAUGHTY_STRINGS) {
        const input = Object.fromEntries(keys.map((k) => [k, value]));
        expectReadable(op, input, await send(op, url, input, token));
      }
      // One field at a time holding a value of the wrong type, the others left out.
      for (const key of keys) {
        for (const value of TYPE_CONFUSED) {
          const input = { [key]: value };
          expectReadable(op, input, await send(op, url, input, token));
        }
      }
      if (op.method === 'POST') {
        // A fresh session: the calls above may have ended the first one (logout does).
        const fresh = caller
          ? await buildMember(t.db, t.clock, { role: op.audience === 'admin' ? 'admin' : undefined })
          : null;
        for (const body of NOT_A_FORM_BODIES) {
          const res = await send(op, url, body, fresh?.token);
          expect(res.statusCode, `${op.path} with ${JSON.stringify(body)}`).toBe(400);
          expect(JSON.parse(res.body).message).toBe(
            'That request could not be read. Please reload the page and try again.',
          );
        }
      }
    }
  }, 600_000);

  it('answers logged_out to an unknown token on every call for members, whatever the body (B1)', async () => {
    for (const op of ops.filter((o) => o.audience !== 'public')) {
      for (const url of operationUrls(op)) {
        for (const body of [{}, { x: '\u0000' }, [1], 'text', { listing_id: 'x'.repeat(5000) }]) {
          const res = await send(op, url, body, 'not-a-session-token');
          expect(res.statusCode, `${op.path}`).toBe(401);
          expect(JSON.parse(res.body), `${op.path}`).toMatchObject({ extra: 'logged_out' });
        }
      }
    }
  }, 300_000);
});

describe("the spec's other paths (docs/rules.md A1)", () => {
  const t = useTestApp();
  const aliased = allOperations().filter((op) => op.aliases?.length);

  it('serves the paths spec 1, 2 and 4 give besides the main one', () => {
    const urls = aliased.flatMap((op) => operationUrls(op));
    for (const path of [
      'checkIncorrectAnswer',
      'earnPoints/checkIncorrectAnswer',
      'missingActions/reverse',
      'earnPoints/missingActions/reverse',
      'checkPageExists',
      'earnPoints/checkPageExists',
      'missingActions/markInvalid',
      'earnPoints/missingActions/markInvalid',
      'myListings/addListing/facebook-like',
    ]) {
      expect(urls).toContain(`/v4/operations/${path}`);
    }
  });

  it('answers at every alias, with and without the trailing slash, as at the main path', async () => {
    const member = await buildMember(t.db, t.clock);
    for (const op of aliased) {
      const [main, ...others] = operationUrls(op);
      const expected = await t.app.inject({
        method: op.method,
        url: main as string,
        headers: { authorization: `Bearer ${member.token}` },
        payload: op.method === 'POST' ? {} : undefined,
      });
      expect(expected.statusCode, op.path).not.toBe(404);
      for (const url of others.flatMap((u) => [u, `${u}/`])) {
        const res = await t.app.inject({
          method: op.method,
          url,
          headers: { authorization: `Bearer ${member.token}` },
          payload: op.method === 'POST' ? {} : undefined,
        });
        expect(res.statusCode, url).toBe(expected.statusCode);
        expect(res.json(), url).toEqual(expected.json());
      }
    }
  });
});
