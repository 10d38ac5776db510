/** The IMDb answer is digits only (spec 1 §5): anything else is stripped as the member types. */
export function digitsOnly(typed: string): string {
  return typed.replace(/\D+/g, '').slice(0, 9);
}
