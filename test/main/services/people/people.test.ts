import { afterAll, describe, expect, it } from 'vitest';
import type { AddressBook, EventPayload } from '../../../../src/shared/contract/index.ts';
import { sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';
import { serviceList } from '../inbox/service-reads.ts';

/** The address book: names for user ids per profile, "this is me", and who was seen on which brand. */
const sandbox = await sandboxForThisFile({ frozenClock: true });
const app = await servicesOnSandbox(sandbox);
afterAll(() => app.close());

const heard: EventPayload<'people:changed'>[] = [];
app.events.subscribe((event, payload) => {
  if (event === 'people:changed') heard.push(payload as EventPayload<'people:changed'>);
});

const BRANDS = 'brand_ids=101,102,103';
const query = { brandIds: [101, 102, 103], filter: {} };

interface Row {
  brand_id: number;
  assignee_id?: number | null;
  brand_user_reply?: { user_id?: number | null } | null;
}

/** "brand:user" for every assignee and brand replier the sandbox's own answer shows. */
function pairsIn(rows: readonly Row[]): string[] {
  const pairs = new Set<string>();
  for (const row of rows) {
    if (row.assignee_id != null) pairs.add(`${row.brand_id}:${row.assignee_id}`);
    if (row.brand_user_reply?.user_id != null) pairs.add(`${row.brand_id}:${row.brand_user_reply.user_id}`);
  }
  return [...pairs].sort();
}

function pairsOfBook(book: AddressBook): string[] {
  return book.people.flatMap((p) => p.seenOnBrandIds.map((b) => `${b}:${p.userId}`)).sort();
}

describe('the address book', () => {
  it('starts empty, then knows the users the lists read through main showed on each brand, without asking the service', async () => {
    expect(valueOf(await app.call('people:list'))).toEqual({ me: null, people: [] });

    const before = app.requests.length;
    valueOf(await app.call('inbox:list', { query, offset: 0, limit: 100 }));
    const sent = app.requests.slice(before);
    // Only the list's own pages: recording who was seen costs the service nothing.
    expect(sent.every((path) => path.startsWith('/community/community_interactions?'))).toBe(true);

    const expected = pairsIn(
      (await serviceList(sandbox, `${BRANDS}&sort=-SOURCE_UPDATED_AT&limit=100`)).data as unknown as Row[],
    );
    expect(expected.length).toBeGreaterThan(1);
    const book = valueOf(await app.call('people:list'));
    expect(pairsOfBook(book)).toEqual(expected);
    expect(book.people.every((person) => person.name === null)).toBe(true);
    // The windows were told once, with the book as it now is.
    expect(heard.at(-1)?.book).toEqual(book);

    // The same rows again: nobody new, nothing told.
    const told = heard.length;
    valueOf(await app.call('inbox:list', { query, offset: 0, limit: 100 }));
    expect(heard.length).toBe(told);
  });

  it('names a user (trimmed), renames them, and tells every window', async () => {
    const named = valueOf(await app.call('people:name', { userId: 7, name: '  Alex Kim ' }));
    expect(named.people.find((p) => p.userId === 7)?.name).toBe('Alex Kim');
    expect(heard.at(-1)?.book).toEqual(named);

    const renamed = valueOf(await app.call('people:name', { userId: 7, name: 'Alexandra Kim' }));
    expect(renamed.people.filter((p) => p.userId === 7).map((p) => p.name)).toEqual(['Alexandra Kim']);
    // Named people come first, by name.
    valueOf(await app.call('people:name', { userId: 3, name: 'Bea' }));
    const book = valueOf(await app.call('people:list'));
    expect(book.people.slice(0, 2).map((p) => p.name)).toEqual(['Alexandra Kim', 'Bea']);
  });

  it('refuses an empty name, a name over 80 characters and a name someone else has, in plain words at the field', async () => {
    const empty = await app.call('people:name', { userId: 4, name: '   ' });
    expect(empty.ok).toBe(false);
    if (!empty.ok) {
      expect(empty.error.code).toBe('invalid_input');
      expect(empty.error.fieldErrors.name).toEqual(['Give the person a name.']);
    }
    const long = await app.call('people:name', { userId: 4, name: 'x'.repeat(81) });
    expect(long.ok).toBe(false);
    if (!long.ok) expect(long.error.fieldErrors.name).toEqual(['At most 80 characters.']);
    // 80 is fine.
    expect((await app.call('people:name', { userId: 4, name: 'y'.repeat(80) })).ok).toBe(true);

    const taken = await app.call('people:name', { userId: 5, name: 'bea' });
    expect(taken.ok).toBe(false);
    if (!taken.ok) {
      expect(taken.error.code).toBe('conflict');
      expect(taken.error.fieldErrors.name).toEqual(['Someone else already has this name; choose another.']);
    }
    expect(
      valueOf(await app.call('people:list')).people.find((p) => p.userId === 5)?.name ?? null,
    ).toBeNull();
  });

  it('keeps one "this is me", moves it, clears it, and forgets a person whole', async () => {
    expect(valueOf(await app.call('people:set-me', { userId: 2 })).me).toBe(2);
    expect(valueOf(await app.call('people:set-me', { userId: 7 })).me).toBe(7);
    // User 2 had nothing else to say: gone again (unless seen on a brand).
    const book = valueOf(await app.call('people:list'));
    expect(book.me).toBe(7);
    expect(book.people.find((p) => p.userId === 7)?.name).toBe('Alexandra Kim');

    const forgotten = valueOf(await app.call('people:forget', { userId: 7 }));
    expect(forgotten.me).toBeNull();
    expect(forgotten.people.some((p) => p.userId === 7)).toBe(false);
    expect(heard.at(-1)?.book).toEqual(forgotten);

    expect(valueOf(await app.call('people:set-me', { userId: 2 })).me).toBe(2);
    expect(valueOf(await app.call('people:set-me', { userId: null })).me).toBeNull();
  });
});
