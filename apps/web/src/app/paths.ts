/** Every front-end route exists with and without the /v4 prefix (docs/rules.md A5). */
export function withoutV4(pathname: string): string {
  if (pathname === '/v4' || pathname === '/v4/') return '/';
  return pathname.startsWith('/v4/') ? pathname.slice(3) : pathname;
}

/** Both forms of a route pattern: `/dashboard/:ltype?` and `/v4/dashboard/:ltype?`. */
export function bothForms(path: string): string[] {
  return path === '/' ? ['/', '/v4'] : [path, `/v4${path}`];
}
