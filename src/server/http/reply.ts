import type { Page } from '@shared/contract/common.js';

export interface Envelope<T> {
  success: true;
  message: string;
  code: 200;
  result: T;
  timestamp: number;
}

/** The success envelope of docs/architecture.md §3. */
export function ok<T>(result: T, message = ''): Envelope<T> {
  return { success: true, message, code: 200, result, timestamp: Date.now() };
}

/** Builds the spec's page shape from one page of rows and the total count. */
export function page<T>(records: T[], total: number, current: number, size: number): Page<T> {
  return { records, total, current, size, pages: Math.ceil(total / size) };
}
