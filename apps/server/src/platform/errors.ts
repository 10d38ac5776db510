/**
 * A failure a member can read. Thrown anywhere below a route; the error handler turns it into the
 * envelope `{ status, message, extra }` with its HTTP code (docs/rules.md A2, A4).
 */
export class AppError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly statusWord: string,
    message: string,
    readonly extra?: string,
    readonly fields: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badInput = (message: string) => new AppError(400, 'error', message);
export const notFound = (message: string) => new AppError(404, 'error', message);
export const conflict = (message: string) => new AppError(409, 'error', message);
export const forbidden = (message: string) => new AppError(403, 'error', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'error', message, undefined, { retryAfterSeconds });
export const loggedOut = () =>
  new AppError(401, 'error', 'Your session has ended. Please sign in again.', 'logged_out');
export const notAdmin = () => new AppError(403, 'error', 'That page is for site staff only.', 'not_admin');
/** The answer to a call that does not exist, and to a hidden one asked by someone it is hidden from. */
export const noSuchCall = () => new AppError(404, 'error', 'There is no such call.');
