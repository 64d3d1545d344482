import { afterAll, describe, expect, it } from 'vitest';
import { clientFor, sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';

/** The composer's reads: media behind typed ids, and a post opened to edit without a draft. */
const sandbox = await sandboxForThisFile({ frozenClock: true });
const app = await servicesOnSandbox(sandbox);
const other = clientFor(sandbox);
afterAll(() => app.close());

describe('media behind ids', () => {
  it("finds an id among the brand's posts with its look, and says one is not there (nor on another brand)", async () => {
    // Seeded posts use ids from 1000 up: 424 and 123 are on no post until this one.
    await other.scheduler.create('threads', { brand_id: 101, text: 'With a picture', media_ids: [424] });
    const found = valueOf(await app.call('media:lookup', { brandId: 101, mediaIds: [424, 123] }));
    expect(found.items[0]).toMatchObject({ id: 424, found: true, kind: 'image' });
    expect(found.items[0]!.thumbnailUrl).toMatch(/^https:\/\/.+424/);
    expect(found.items[1]).toEqual({ id: 123, found: false, kind: null, thumbnailUrl: null });

    const elsewhere = valueOf(await app.call('media:lookup', { brandId: 102, mediaIds: [424] }));
    expect(elsewhere.items[0]!.found).toBe(false);
  });

  it('reads the service again for an unknown id only after a while, not at every keystroke', async () => {
    const before = app.requests.length;
    valueOf(await app.call('media:lookup', { brandId: 101, mediaIds: [123] }));
    expect(app.requests.slice(before)).toEqual([]);
  });
});

describe('a post opened to edit', () => {
  it('answers the post and its fields without starting a draft, then the draft once there is one', async () => {
    const post = await other.scheduler.create('instagram', {
      brand_id: 101,
      caption: 'Opened, not changed',
      media_ids: [426],
      status: 'DRAFT',
    });
    const before = valueOf(await app.call('drafts:list', { query: { search: '' } })).count;
    const opened = valueOf(await app.call('posts:open', { channel: 'instagram', postId: post.id }));
    expect(opened.draftId).toBeNull();
    expect(opened.post).toMatchObject({ id: post.id, caption: 'Opened, not changed' });
    expect(opened.fields).toMatchObject({ caption: 'Opened, not changed', media_ids: [426] });
    expect(valueOf(await app.call('drafts:list', { query: { search: '' } })).count).toBe(before);
    // Its media were resolved with it: no second read to show them.
    const sent = app.requests.length;
    const media = valueOf(await app.call('media:lookup', { brandId: 101, mediaIds: [426] }));
    expect(media.items[0]!.found).toBe(true);
    expect(app.requests.length).toBe(sent);

    const draft = valueOf(
      await app.call('drafts:create', {
        channel: 'instagram',
        brandId: 101,
        post: opened.post!,
        fields: { ...opened.fields, caption: 'Changed' },
      }),
    );
    const again = valueOf(await app.call('posts:open', { channel: 'instagram', postId: post.id }));
    expect(again).toEqual({ draftId: draft.id, post: null, fields: null });
  });
});
