import {
  ContractCallError,
  editedTagIds,
  editsTags,
  INBOX_BULK_MAX,
  type InboxBulkChange,
  type InboxBulkProgress,
  type InboxBulkResult,
  type InboxFilter,
  type InboxItem,
} from '../../../shared/contract/index.ts';
import { isApiError, toContractError } from '../api/api-error.ts';
import type { CommunityApi } from '../api/community.ts';
import type { CallContext } from '../dispatch.ts';
import { PROGRESS_INTERVAL_MS, progressThrottle } from '../progress-throttle.ts';
import { patchBodyOf } from './inbox-change.ts';
import type { TagsOf } from './inbox-query.ts';
import { currentInteraction } from './tag-edit.ts';
import { asksForWaiting, walkFilter } from './waiting-list.ts';

/** Requests of one bulk action in flight at once: enough to overlap round trips, few enough to
 * leave the rate limit's room to the person's own calls (which the gate serves first anyway). */
export const BULK_CONCURRENCY = 4;

export interface BulkRequest {
  brandIds: number[];
  target: { ids: number[] } | { filter: InboxFilter };
  change: InboxBulkChange;
  jobId: string;
}

export interface BulkDeps {
  community: CommunityApi;
  /** The brands' tags, for a filter that names tags (asked of the service where not given). */
  tagsOf?: TagsOf;
  onProgress: (progress: InboxBulkProgress) => void;
  /** Milliseconds, for the progress throttle; tests step their own. */
  now: () => number;
  /** Most interactions one action takes (the contract's; tests use a small one). */
  maxItems?: number;
}

/**
 * Applies one change to many interactions through the PATCH extension, as background calls. A
 * target given by filter is walked first and then changed, because changing while walking would
 * move rows between pages (marking unread ones read shrinks the very list being read). Cancelling
 * (the call's signal) stops sending; what was done stays done, and the call answers `cancelled`.
 * Tags added or removed are worked out per row from its current tags: the walked row for a
 * filter, or the row read just before its PATCH for ids.
 */
export async function bulkUpdate(
  request: BulkRequest,
  deps: BulkDeps,
  context: CallContext,
): Promise<InboxBulkResult> {
  const { signal } = context;
  const walked = new Map<number, InboxItem>();
  if ('filter' in request.target) {
    for (const item of await itemsMatching(request, deps, signal)) walked.set(item.id, item);
  }
  const ids = 'ids' in request.target ? [...new Set(request.target.ids)] : [...walked.keys()];
  const body = patchBodyOf(request.change);
  const updated: InboxItem[] = [];
  const failed: InboxBulkResult['failed'] = [];
  const due = progressThrottle({ intervalMs: PROGRESS_INTERVAL_MS, now: deps.now });
  const report = () =>
    deps.onProgress({
      id: request.jobId,
      done: updated.length + failed.length,
      total: ids.length,
      failed: failed.length,
    });

  // An unexpected failure (not the service's answer about one interaction) stops the others too.
  const broken = new AbortController();
  const active = AbortSignal.any([signal, broken.signal]);
  const options = { signal: active, lane: 'background' } as const;

  async function changeOne(id: number): Promise<InboxItem> {
    if (!editsTags(request.change)) return deps.community.updateInteraction(id, body, options);
    const current =
      walked.get(id) ?? (await currentInteraction(deps.community, request.brandIds, id, options));
    const tagIds = editedTagIds(current.tag_ids ?? [], request.change);
    // Nothing would change (every tag added is there already, none removed is): no request.
    if (tagIds === null && Object.keys(body).length === 0) return current;
    return deps.community.updateInteraction(id, tagIds ? { ...body, tag_ids: tagIds } : body, options);
  }

  let next = 0;
  async function worker() {
    while (next < ids.length && !active.aborted) {
      const id = ids[next++]!;
      try {
        updated.push(await changeOne(id));
      } catch (error) {
        if (active.aborted) return; // stopped: this one's fate is unknown, so it is not listed
        if (error instanceof ContractCallError) failed.push({ id, error: error.toJSON() });
        else if (isApiError(error)) failed.push({ id, error: toContractError(error) });
        else return broken.abort(error);
      }
      if (due()) report();
    }
  }
  report();
  await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, ids.length) }, worker));
  report();
  if (broken.signal.aborted) throw broken.signal.reason;
  signal.throwIfAborted();
  return { updated, failed };
}

async function itemsMatching(
  request: BulkRequest,
  deps: BulkDeps,
  signal: AbortSignal,
): Promise<InboxItem[]> {
  if (!('filter' in request.target)) return [];
  const tagsOf: TagsOf =
    deps.tagsOf ?? ((brandIds) => deps.community.listTags(brandIds, { signal, lane: 'background' }));
  const filter = request.target.filter;
  const max = deps.maxItems ?? INBOX_BULK_MAX;
  const items: InboxItem[] = [];
  const tooMany = (count: number, more = '') =>
    new ContractCallError({
      code: 'invalid_input',
      message: `${more}${count.toLocaleString('en')} interactions match; a bulk action takes at most ${max.toLocaleString('en')}. Narrow the filters first.`,
      fieldErrors: {},
    });
  // The service's count is the waiting walk's pages, not its rows: the cap then holds on the
  // rows, and one row beyond it refuses the whole action (rather than doing the first ones only).
  const onCount = asksForWaiting(filter)
    ? undefined
    : (count: number) => {
        if (count > max) throw tooMany(count);
      };
  for await (const item of walkFilter(
    deps.community,
    request.brandIds,
    filter,
    tagsOf,
    { signal },
    onCount,
  )) {
    if (items.length === max) throw tooMany(max, 'More than ');
    items.push(item);
  }
  return items;
}
