/**
 * The downloads' jobs: one export per task, and a sweep every five minutes that deletes files
 * past their time and re-sends tasks whose job was lost.
 */
import type { Db } from '../../db/client.js';
import type { JobDefinition } from '../../jobs/job-runner.js';
import { notifyUser } from '../announcements/index.js';
import type { FileStorage } from '../files/index.js';
import {
  EXPORT_JOB,
  sweepDownloads,
  workExportTask,
  type ExportJobData,
  type SendExportJob,
} from './downloads.service.js';

export const DOWNLOADS_SWEEP_JOB = 'downloads-sweep';

export function downloadJobs(deps: {
  db: Db;
  files: FileStorage;
  send: SendExportJob;
}): JobDefinition<never>[] {
  const exportJob: JobDefinition<ExportJobData> = {
    name: EXPORT_JOB,
    retryLimit: 2,
    handle: (data) =>
      workExportTask(
        {
          db: deps.db,
          files: deps.files,
          notify: (tx, task) =>
            notifyUser(tx, data.tenantId, task.userId, {
              cmd: 'download',
              taskId: task.id,
              status: task.status,
            }),
        },
        data,
      ),
  };
  const sweepJob: JobDefinition<Record<string, never>> = {
    name: DOWNLOADS_SWEEP_JOB,
    cron: '*/5 * * * *',
    retryLimit: 0,
    handle: async () => {
      await sweepDownloads(deps);
    },
  };
  return [exportJob, sweepJob] as JobDefinition<never>[];
}
