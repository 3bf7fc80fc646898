/**
 * Download tasks (the download list, /shopee/DownloadTask): a large export runs as a background
 * job, and its file waits in the list for a stated time. The kinds, statuses and limits live
 * here, for the server, the admin and their tests alike.
 */

/** What can be exported as a download task; each kind names the list it exports. */
export const EXPORT_KINDS = ['orders', 'products', 'stock', 'stock_records'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** queued → running → done | failed; a failed task says why (an error code). */
export const DOWNLOAD_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type DownloadStatus = (typeof DOWNLOAD_STATUSES)[number];

/** Whether the task is still being worked on (the list refreshes while any is). */
export function isDownloadPending(status: DownloadStatus): boolean {
  return status === 'queued' || status === 'running';
}

export const DOWNLOAD_LIMITS = {
  /** How long a finished file is kept before the retention job deletes it with its task. */
  keepDays: 7,
  /** Tasks one user may have queued or running at once. */
  pendingPerUser: 5,
  /** Rows one export writes at most. */
  rows: 100_000,
  /** Rows read per page while exporting (progress is reported per page). */
  pageRows: 200,
} as const;
