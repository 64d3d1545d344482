import type { DraftFields } from '../../../shared/contract/index.ts';
import type { OutboxEntry } from './outbox-queue.ts';

/**
 * Never twice: a new post carries the draft's id as `source_id`, and before a POST goes the
 * database notes that it may reach the service unanswered. Any attempt after such a POST (a lost
 * answer, a 5xx, a crash) first looks the post up by `source_id`, and only POSTs when it is not
 * there; so does the first attempt of every draft found in line at start, since the outbox writes
 * its own steps without an fsync (see `bookkeeping` in outbox-queue.ts) and a power cut can lose
 * that note. Because the service offers no idempotency key, a POST the service still processes
 * after we gave up on it could be missed by that lookup; so after an unanswered create the next
 * attempt waits `settleMs` first (see attempt-failure.ts).
 */

/**
 * Whether an earlier POST of this draft may have reached the service: noted as sent and never
 * answered, or in line when this outbox started (the note may be lost).
 */
export function mustLookFirst(entry: OutboxEntry, inLineAtStart: ReadonlySet<string>): boolean {
  return mayHaveReachedService({ id: entry.draft.id, createPending: entry.createPending }, inLineAtStart);
}

/** The same rule for anything an outbox creates with a POST (a draft's post, a reply). */
export function mayHaveReachedService(
  item: { id: string; createPending: boolean },
  inLineAtStart: ReadonlySet<string>,
): boolean {
  return item.createPending || inLineAtStart.has(item.id);
}

/** What that earlier POST carried, as noted; the draft as it is when the note was lost. */
export function earlierSend(entry: OutboxEntry): { revision: number; fields: DraftFields } {
  return {
    revision: entry.sentRevision ?? entry.draft.revision,
    fields: entry.sentFields ?? entry.draft.fields,
  };
}
