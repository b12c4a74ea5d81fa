import { z } from 'zod';
import { outboxJob, type OutboxJobHandler } from '../outbox/worker.js';

/** Reading the text of a saved PDF for the site search (ADR 025). */
export interface SearchExtractJob {
  attachmentId: number;
}

// Queued by the indexer with the save, run by the outbox (ADR 025, ADR 044); the kind is
// stored in the rows.
declare module '../outbox/outbox.js' {
  interface OutboxJobs {
    'search.extract': SearchExtractJob;
  }
}

/** Reads one PDF's pages into the index (`SearchIndexer.extractDocument`). */
export function searchExtractJob(
  extract: (attachmentId: number) => Promise<void>,
): OutboxJobHandler {
  return outboxJob({
    kind: 'search.extract',
    payload: z.object({ attachmentId: z.number().int() }),
    handle: (job) => extract(job.attachmentId),
  });
}
