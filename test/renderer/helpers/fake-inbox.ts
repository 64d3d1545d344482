import { afterEach, beforeEach, vi } from 'vitest';
import type {
  CallInput,
  CallOutput,
  CallResult,
  ContractError,
  InboxChange,
  InboxFilter,
  InboxItem,
  InboxView,
} from '../../../src/shared/contract/index.ts';
import type { createFakePreload } from './fake-preload.ts';

type FakePreload = ReturnType<typeof createFakePreload>;

const types = ['TIKTOK_COMMENT', 'INSTAGRAM_COMMENT', 'FACEBOOK_CONVERSATION', 'TWITTER_MENTION'] as const;
const words = ['shipping', 'refund', 'love', 'size', 'colour', 'late', 'great', 'broken'];

/** One interaction as the service would give it, varied by its number. */
export function sampleItem(n: number, over: Partial<InboxItem> = {}): InboxItem {
  const at = new Date(Date.UTC(2026, 10, 23, 12, 0) - n * 3_600_000).toISOString();
  return {
    id: 1000 + n,
    brand_id: n % 2 === 0 ? 101 : 102,
    type: types[n % types.length]!,
    text: `Message ${n} about ${words[n % words.length]} and ${words[(n + 3) % words.length]}`,
    author_username: `author${n}`,
    is_read: n % 3 !== 0,
    is_archived: false,
    is_follow_up: n % 5 === 0,
    assignee_id: n % 4 === 0 ? 7 : null,
    tag_ids: n % 2 === 0 ? [1] : [3],
    sentiment: {
      is_positive: n % 3 === 1,
      is_negative: n % 3 === 2,
      is_neutral: n % 3 === 0,
      is_question: false,
    },
    post_thumbnail_url: null,
    source_updated_at: at,
    created_at: at,
    updated_at: at,
    ...over,
  } as InboxItem;
}

function matches(item: InboxItem, filter: InboxFilter): boolean {
  if (filter.types && !filter.types.includes(item.type as never)) return false;
  if (filter.tagIds && !filter.tagIds.every((id) => item.tag_ids?.includes(id))) return false;
  if (filter.read !== undefined && (item.is_read ?? false) !== filter.read) return false;
  if (filter.archived !== undefined && (item.is_archived ?? false) !== filter.archived) return false;
  if (filter.followUp !== undefined && (item.is_follow_up ?? false) !== filter.followUp) return false;
  if (filter.text && !(item.text ?? '').toLowerCase().includes(filter.text.toLowerCase())) return false;
  return true;
}

function applied(item: InboxItem, change: InboxChange): InboxItem {
  return {
    ...item,
    ...(change.read !== undefined && { is_read: change.read }),
    ...(change.archived !== undefined && { is_archived: change.archived }),
    ...(change.followUp !== undefined && { is_follow_up: change.followUp }),
    ...(change.tagIds !== undefined && { tag_ids: change.tagIds }),
    ...(change.assigneeId !== undefined && { assignee_id: change.assigneeId }),
  } as InboxItem;
}

export const offline: ContractError = {
  code: 'offline',
  message: 'The service could not be reached.',
  fieldErrors: {},
};

/**
 * The inbox's calls as main answers them, over `count` sample interactions kept in memory: the
 * list filtered and paged, unread counts per type, triage (one or many), saved views, the
 * capability. `failPage` makes one page's offset fail; `triage: false` a service without PATCH;
 * `readAhead` a main with the inbox copy, answering first screens read ahead (else it has no
 * handler for them, and the inbox reads none ahead).
 */
export function installFakeInbox(
  preload: FakePreload,
  init: { count?: number; triage?: boolean; items?: InboxItem[]; readAhead?: boolean } = {},
) {
  const items = init.items ?? Array.from({ length: init.count ?? 30 }, (_, n) => sampleItem(n));
  const views: InboxView[] = [];
  const state = {
    /** Offsets whose page answers this error instead. */
    failing: new Map<number, ContractError>(),
    /** Every list call fails with this while set. */
    down: null as ContractError | null,
    /** Ids whose update the service refuses. */
    refuse: new Set<number>(),
    /** While set, list calls answer only once it resolves (a slow service). */
    held: null as Promise<void> | null,
  };
  const fail = (error: ContractError): CallResult<never> => ({ ok: false, error });
  /** As main tells it: whether the service answered the last request, each time that changes. */
  let reached: 'online' | 'offline' | null = null;
  function told(now: 'online' | 'offline'): void {
    if (reached === now) return;
    reached = now;
    preload.emit('service:connection', { state: now, since: Date.now() });
  }

  preload.answer('inbox:capabilities', () => ({
    ok: true,
    value:
      init.triage === false
        ? { triage: false, note: 'This service does not let Socialdesk change interactions.' }
        : { triage: true, note: null },
  }));
  preload.answer('inbox:list', (input) =>
    state.held ? state.held.then(() => listAnswer(input)) : listAnswer(input),
  );
  function listAnswer({
    query,
    offset = 0,
    limit = 50,
  }: CallInput<'inbox:list'>): CallResult<CallOutput<'inbox:list'>> {
    if (state.down) {
      if (state.down.code === 'offline') told('offline');
      return fail(state.down);
    }
    told('online');
    const failure = state.failing.get(offset);
    if (failure) return fail(failure);
    const found = items.filter(
      (item) => query.brandIds.includes(item.brand_id) && matches(item, query.filter as InboxFilter),
    );
    return { ok: true, value: { count: found.length, items: found.slice(offset, offset + limit) } };
  }
  if (init.readAhead)
    preload.answer('inbox:first-screen', ({ brandIds, filter, limit }) => {
      const answer = listAnswer({ query: { brandIds, filter }, offset: 0, limit, countLater: true });
      if (!answer.ok) return answer;
      const { count, items: screen } = answer.value;
      const pending = count > screen.length;
      return {
        ok: true,
        value: { count: pending ? screen.length : count, items: screen, countPending: pending },
      };
    });
  preload.answer('inbox:unread-counts', ({ brandIds }) => {
    const byType: Record<string, number> = {};
    const byBrand: Record<string, number> = {};
    let total = 0;
    for (const item of items) {
      if (!brandIds.includes(item.brand_id) || item.is_read) continue;
      byType[item.type] = (byType[item.type] ?? 0) + 1;
      byBrand[item.brand_id] = (byBrand[item.brand_id] ?? 0) + 1;
      total++;
    }
    return { ok: true, value: { total, byType, byBrand } };
  });
  preload.answer('inbox:update', ({ id, change }) => {
    if (state.refuse.has(id))
      return fail({ code: 'service_error', message: 'The service failed.', fieldErrors: {} });
    const at = items.findIndex((item) => item.id === id);
    if (at === -1) return fail({ code: 'not_found', message: `No interaction ${id}.`, fieldErrors: {} });
    items[at] = applied(items[at]!, change as InboxChange);
    return { ok: true, value: items[at]! };
  });
  preload.answer('inbox:bulk-update', ({ target, change, jobId }) => {
    const ids =
      'ids' in target
        ? target.ids
        : items.filter((item) => matches(item, target.filter as InboxFilter)).map((item) => item.id);
    const updated: InboxItem[] = [];
    const failed: { id: number; error: ContractError }[] = [];
    for (const id of ids) {
      const at = items.findIndex((item) => item.id === id);
      if (at === -1 || state.refuse.has(id)) {
        failed.push({
          id,
          error: { code: 'service_error', message: 'The service failed.', fieldErrors: {} },
        });
        continue;
      }
      items[at] = applied(items[at]!, change as InboxChange);
      updated.push(items[at]!);
    }
    preload.emit('inbox:bulk-progress', {
      id: jobId,
      done: ids.length,
      total: ids.length,
      failed: failed.length,
    });
    return { ok: true, value: { updated, failed } };
  });
  preload.answer('inbox:views', () => ({
    ok: true,
    value: { items: views.map((view) => ({ ...view, unread: items.filter((i) => !i.is_read).length })) },
  }));
  preload.answer('inbox:save-view', ({ name, filter }) => {
    const view = {
      id: `v${views.length + 1}`,
      name,
      filter: filter as InboxFilter,
      unread: null,
      createdAt: '2026-11-23T12:00:00Z',
    };
    views.push(view);
    return { ok: true, value: { id: view.id, name, filter: view.filter, createdAt: view.createdAt } };
  });
  preload.answer('inbox:delete-view', ({ id }) => {
    const at = views.findIndex((view) => view.id === id);
    if (at !== -1) views.splice(at, 1);
    return { ok: true, value: { deleted: at !== -1 } };
  });
  preload.answer('inbox:overview', () => ({
    ok: true,
    value: { unreadCount: 0, followUpCount: 0, totalCount: items.length, averageResponseTime: null },
  }));
  return { items, views, state };
}

/**
 * happy-dom lays nothing out, so a virtual list there has no height and draws no rows: give the
 * lists a viewport of `height` px for the calling file's tests.
 */
export function giveListsAViewport(height = 640): void {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('virtual-list') ? height : 0;
    });
    // Each row measures as one dense row.
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.getAttribute('role') === 'listitem' ? 64 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('virtual-list') ? 800 : 0;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}
