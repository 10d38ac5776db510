import type { z } from 'zod';

/** Who may make a call: anyone, a signed-in member, or an admin (checked on the server, D2.2). */
export type Audience = 'public' | 'member' | 'admin';

/**
 * Whether the paired Pro extension's own session may make a call too (D15.1, docs/domain.md PX3):
 * 'pro' while its member is a Pro member, 'paired' whatever their level (its status and signing
 * out). Every other call refuses the extension's session.
 */
export type ExtensionAccess = 'pro' | 'paired';

/** The envelope every answer carries (docs/rules.md A2). */
export interface Envelope {
  status: string;
  message?: string;
  extra?: 'logged_out' | 'not_admin' | (string & {});
}

/**
 * One call of the API. `input` validates the query (GET) or the body (POST) on the server and
 * types it on the client; `Output` is the success answer's type, shared by both sides.
 */
export interface Operation<
  Input extends z.ZodType = z.ZodType,
  Output = unknown,
  A extends Audience = Audience,
> {
  method: 'GET' | 'POST';
  /** Path below /v4/operations/, without leading or trailing slash; or, starting with '/', a path of its own. */
  path: string;
  audience: A;
  input: Input;
  /**
   * Other paths the spec documents for the same call (docs/rules.md A1), in the
   * same form as `path`: the server answers at each of them exactly as at `path`.
   */
  aliases?: readonly string[];
  /**
   * An admin call that answers everyone else exactly as a call that does not exist, before any other
   * check (the outbox, docs/domain.md R1), so nobody learns it is there.
   */
  hidden?: boolean;
  /** Open to the paired Pro extension's session as well (PX3); no other call is. */
  extension?: ExtensionAccess;
  /** Phantom field that carries the answer's type. */
  readonly output?: Output;
}

export type InputOf<Op> = Op extends Operation<infer I, unknown, Audience> ? z.input<I> : never;
export type ParsedInputOf<Op> = Op extends Operation<infer I, unknown, Audience> ? z.output<I> : never;
export type OutputOf<Op> = Op extends Operation<z.ZodType, infer O, Audience> ? O : never;

/** Declares a call; written `operation<Answer>()({...})` so the answer type is explicit. */
export function operation<Output extends Envelope>() {
  return <Input extends z.ZodType, A extends Audience>(def: {
    method: 'GET' | 'POST';
    path: string;
    audience: A;
    input: Input;
    aliases?: readonly string[];
    hidden?: boolean;
    extension?: ExtensionAccess;
  }): Operation<Input, Output, A> => def;
}

export const OPERATIONS_BASE = '/v4/operations';

/** Where a call is served: below the operations base, or at its own path when that starts with '/'. */
export const operationUrl = (op: Pick<Operation, 'path'>): string => urlOf(op.path);

/** Every address a call is served at: its own and its aliases'. */
export const operationUrls = (op: Pick<Operation, 'path' | 'aliases'>): string[] => [
  urlOf(op.path),
  ...(op.aliases ?? []).map(urlOf),
];

const urlOf = (path: string) => (path.startsWith('/') ? path : `${OPERATIONS_BASE}/${path}`);
