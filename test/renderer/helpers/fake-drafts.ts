import { afterEach, beforeEach, vi } from 'vitest';
import type { z } from 'zod';
import {
  calls,
  invalidInput,
  type CallName,
  type CallOutput,
  type CallResult,
  type Draft,
  type DraftFields,
  type DraftSummary,
} from '../../../src/shared/contract/index.ts';
import type { createFakePreload } from './fake-preload.ts';

type FakePreload = ReturnType<typeof createFakePreload>;

const at = '2026-11-23T12:00:00.000Z';

/**
 * Main's drafts calls in memory, over the fake preload: drafts are kept as main keeps them
 * (revision up by one per save, a synced draft back to local on a save), `drafts:sync` queues,
 * and the test moves a draft on (`update`) as the outbox would. As main does, every change is
 * told by the `drafts:changed` event, and the calls that change a draft only acknowledge.
 */
export function installFakeDrafts(preload: FakePreload, initial: Partial<Draft>[] = []) {
  const drafts = new Map<string, Draft>();
  let clock = 0;
  const time = () => new Date(Date.parse(at) + clock++ * 1000).toISOString();

  function make(partial: Partial<Draft>): Draft {
    const fields = partial.fields ?? {};
    return {
      id: crypto.randomUUID(),
      channel: 'threads',
      brandId: 101,
      state: 'local',
      error: null,
      postId: null,
      baseUpdatedAt: null,
      revision: 1,
      createdAt: time(),
      updatedAt: time(),
      syncedAt: null,
      conflict: null,
      ...partial,
      fields,
      preview: previewOf(fields),
      scheduledAt: typeof fields.timestamp === 'string' ? fields.timestamp : null,
    };
  }
  for (const partial of initial) {
    const draft = make(partial);
    drafts.set(draft.id, draft);
  }

  const summary = ({ fields: _fields, conflict: _conflict, ...rest }: Draft): DraftSummary => rest;
  const missing = {
    ok: false as const,
    error: { code: 'not_found' as const, message: 'This draft does not exist.', fieldErrors: {} },
  };

  type Parsed<K extends CallName> = z.output<(typeof calls)[K]['input']>;
  function answer<K extends CallName>(name: K, handler: (input: Parsed<K>) => CallResult<CallOutput<K>>) {
    preload.answer(name, (input) => {
      const parsed = calls[name].input.safeParse(input);
      if (!parsed.success) return { ok: false, error: invalidInput(parsed.error) };
      return handler(parsed.data as Parsed<K>);
    });
  }

  answer('drafts:list', ({ query, offset, limit }) => {
    const words = query.search.toLowerCase().split(/\s+/).filter(Boolean);
    const items = [...drafts.values()]
      .filter((d) => !query.states || query.states.includes(d.state))
      .filter((d) => !query.brandIds || query.brandIds.includes(d.brandId))
      .filter((d) => words.every((w) => JSON.stringify(d.fields).toLowerCase().includes(w)))
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    return {
      ok: true,
      value: { count: items.length, items: items.slice(offset, offset + limit).map(summary) },
    };
  });
  answer('drafts:get', ({ id }) => {
    const draft = drafts.get(id);
    return draft ? { ok: true, value: draft } : missing;
  });
  answer('drafts:create', ({ channel, brandId, fields }) => {
    const draft = make({ channel, brandId, fields });
    drafts.set(draft.id, draft);
    return { ok: true, value: draft };
  });
  answer('drafts:save', ({ id, fields, brandId }) => {
    const draft = drafts.get(id);
    if (!draft) return missing;
    const saved = make({
      ...draft,
      fields,
      brandId: brandId ?? draft.brandId,
      revision: draft.revision + 1,
      updatedAt: time(),
      state: draft.state === 'synced' ? 'local' : draft.state,
    });
    drafts.set(id, saved);
    preload.emit('drafts:changed', { id, draft: summary(saved) });
    return { ok: true, value: { revision: saved.revision } };
  });
  answer('drafts:sync', ({ id }) => {
    const draft = drafts.get(id);
    if (!draft) return missing;
    update(id, { state: 'queued', error: null });
    return { ok: true, value: { queued: true } };
  });
  answer('drafts:retry', (input) => {
    const ids = input?.ids;
    const failed = [...drafts.values()].filter((d) => d.state === 'failed' && (!ids || ids.includes(d.id)));
    for (const draft of failed) update(draft.id, { state: 'queued', error: null });
    return { ok: true, value: { queued: failed.length } };
  });
  answer('drafts:resolve', ({ id, fields }) => {
    const draft = drafts.get(id);
    if (!draft) return missing;
    const resolved = update(id, { fields, state: 'queued', conflict: null, revision: draft.revision + 1 });
    return { ok: true, value: { revision: resolved.revision } };
  });
  answer('drafts:delete', ({ id }) => {
    const deleted = drafts.delete(id);
    if (deleted) preload.emit('drafts:changed', { id, draft: null });
    return { ok: true, value: { deleted } };
  });
  /** The service's copies of the posts drafts edit, by post id, for drafts:post. */
  const servicePosts = new Map<number, Record<string, unknown>>();
  answer('drafts:post', ({ id }) => {
    const draft = drafts.get(id);
    if (!draft) return missing;
    return {
      ok: true,
      value: { post: draft.postId === null ? null : (servicePosts.get(draft.postId) ?? null) },
    };
  });
  answer('drafts:status', () => ({
    ok: true,
    value: {
      connection: { state: 'online', retryAt: null },
      progress: { pending: 0, done: 0, failed: 0 },
      counts: { local: 0, queued: 0, syncing: 0, synced: 0, conflict: 0, failed: 0 },
    },
  }));

  /** Changes a draft as main would (the outbox moving it on) and tells the page. */
  function update(id: string, change: Partial<Draft>): Draft {
    const next = make({ ...drafts.get(id)!, ...change });
    drafts.set(id, next);
    preload.emit('drafts:changed', { id, draft: summary(next) });
    return next;
  }

  return {
    drafts,
    servicePosts,
    update,
    /** A draft as the list calls answer it. */
    summary,
    /** The one draft the page created. */
    only(): Draft {
      if (drafts.size !== 1) throw new Error(`${drafts.size} drafts, not one`);
      return [...drafts.values()][0]!;
    },
  };
}

function previewOf(fields: DraftFields): string {
  const text = [fields.text, fields.caption].find((v) => typeof v === 'string' && v.trim());
  return typeof text === 'string' ? text.trim() : '';
}

/**
 * happy-dom lays nothing out, so a virtual list there has no height and draws no rows: the
 * calling file's lists get a viewport of `height` px, each row one dense row.
 */
export function giveDraftListsAViewport(height = 640): void {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('virtual-list') ? height : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.getAttribute('role') === 'listitem' ? 64 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('virtual-list') ? 380 : 0;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}
