import type { JobHandler } from '../../jobs/job-queue.js';
import type { BookingDeps } from '../deps.js';
import { reconcile } from './reconciler.js';
import { saveReport } from './reports.js';

/** Periodic: reconcile and repair what is safe; mismatches are logged (and listed on the admin support page). */
export function reconcileHandler(deps: BookingDeps): JobHandler<'reconcile'> {
  return async (_payload, job) => {
    const report = await reconcile(deps, {
      repair: true,
      context: { correlationId: job.jobId, causationId: job.jobId, actor: 'job:reconcile', brand: 'platform' },
    });
    await saveReport(deps.sql, report);
    deps.logger.info(
      {
        counts: report.counts,
        repairs: report.repairs.length,
        mismatches: report.mismatches.length,
        unchecked: report.unchecked.length,
      },
      'reconciliation done',
    );
  };
}
