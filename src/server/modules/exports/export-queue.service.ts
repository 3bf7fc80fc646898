/**
 * An export requested: its task recorded in its own transaction, then its job sent once that
 * has committed. A send lost here (a node stopping) is re-sent by the downloads' sweep job.
 */
import type { RouteCall } from '../../http/route-kit.js';
import { inActorTenant } from '../../http/scope.js';
import { EXPORT_JOB, requestExport } from './downloads.service.js';

/** The export's task recorded and its job sent after the commit; the task as recorded. */
export async function queueExport(call: RouteCall, input: Parameters<typeof requestExport>[2]) {
  const { db, jobs } = call.deps;
  const task = await inActorTenant(db, call.request, (tx, actor) =>
    requestExport(tx, actor, input, call.language),
  );
  await jobs
    .send(EXPORT_JOB, { tenantId: call.actor().tenantId, taskId: task.id }, { singletonKey: task.id })
    .catch((error: unknown) => call.request.log.warn({ err: error }, 'export job not sent; the sweep will'));
  return task;
}
