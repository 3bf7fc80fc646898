export { downloadJobs, DOWNLOADS_SWEEP_JOB } from './exports.jobs.js';
export { EXPORT_JOB, sweepDownloads, workExportTask, type ExportJobData } from './downloads.service.js';
export { downloadTasks } from './exports.tables.js';
