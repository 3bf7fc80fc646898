/**
 * A row of `meta`. Its value was JSON when written (writeMeta takes only JSON-safe values), but
 * what is read back is whatever this or an earlier version of the app stored under the key, so
 * it is unknown until the reader's schema or check says what it is. A file of its own so that
 * db.ts and the task lists' upgrade (task-lists.ts), which db.ts imports, both name it.
 */
export interface MetaRow {
  key: string;
  value: unknown;
}
