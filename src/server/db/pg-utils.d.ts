/** `pg`'s own conversion of a parameter value to the text it sends (pg/lib/utils.js, untyped upstream). */
declare module 'pg/lib/utils.js' {
  export function prepareValue(value: unknown): string | Buffer | null | undefined;
}
