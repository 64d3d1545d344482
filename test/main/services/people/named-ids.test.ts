import { afterAll, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../../src/shared/contract/index.ts';
import { sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';

/** Names for content tags and boards, the ids the interface lists nowhere: kept per profile. */
const sandbox = await sandboxForThisFile({ frozenClock: true });
const app = await servicesOnSandbox(sandbox);
afterAll(() => app.close());

const heard: EventPayload<'names:changed'>[] = [];
app.events.subscribe((event, payload) => {
  if (event === 'names:changed') heard.push(payload as EventPayload<'names:changed'>);
});

describe('names of content tags and boards', () => {
  it('starts empty, keeps a name per id and kind, and tells every window of each change', async () => {
    expect(valueOf(await app.call('names:list'))).toEqual({ items: [] });

    valueOf(await app.call('names:set', { kind: 'content_tag', id: 12, name: 'Spring sale' }));
    valueOf(await app.call('names:set', { kind: 'content_tag', id: 7, name: 'Announcements' }));
    // The same id of another kind is another thing, and may share a name with a tag.
    const book = valueOf(await app.call('names:set', { kind: 'board', id: 12, name: 'Spring sale' }));
    expect(book.items).toEqual([
      { kind: 'board', id: 12, name: 'Spring sale' },
      { kind: 'content_tag', id: 7, name: 'Announcements' },
      { kind: 'content_tag', id: 12, name: 'Spring sale' },
    ]);
    expect(heard.at(-1)?.names).toEqual(book);
    expect(valueOf(await app.call('names:list'))).toEqual(book);
  });

  it('renames, refuses a name another id of the kind has (case aside), and forgets', async () => {
    const renamed = valueOf(await app.call('names:set', { kind: 'content_tag', id: 7, name: '  News  ' }));
    expect(renamed.items).toContainEqual({ kind: 'content_tag', id: 7, name: 'News' });

    const taken = await app.call('names:set', { kind: 'content_tag', id: 8, name: 'spring SALE' });
    expect(taken.ok).toBe(false);
    if (!taken.ok) {
      expect(taken.error.code).toBe('conflict');
      expect(taken.error.fieldErrors.name?.[0]).toMatch(/already has this name/);
    }
    const empty = await app.call('names:set', { kind: 'board', id: 3, name: '   ' });
    expect(empty.ok).toBe(false);

    const after = valueOf(await app.call('names:forget', { kind: 'content_tag', id: 12 }));
    expect(after.items.some((item) => item.kind === 'content_tag' && item.id === 12)).toBe(false);
    expect(after.items).toContainEqual({ kind: 'board', id: 12, name: 'Spring sale' });
  });
});
