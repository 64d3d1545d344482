import { afterAll, describe, expect, it } from 'vitest';
import { sandboxForThisFile, startTestSandbox } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';

const sandbox = await sandboxForThisFile({ frozenClock: true });
const app = await servicesOnSandbox(sandbox);
afterAll(() => app.close());

/** The sandbox's own answer for the tags of these brands, read without the app. */
async function serviceTags(brandIds: number[]) {
  const response = await fetch(`${sandbox.urls.community}/tags?brand_ids=${brandIds.join(',')}`, {
    headers: { authorization: `Bearer ${sandbox.tokens.user}` },
  });
  return ((await response.json()) as { data: { id: number; brand_id: number }[] }).data;
}

describe('tags:list and tags:create through the contract', () => {
  it('lists the tags of the brands asked for, as the service has them', async () => {
    const { items } = valueOf(await app.call('tags:list', { brandIds: [101, 102] }));
    const expected = await serviceTags([101, 102]);
    expect(items.map((t) => t.id).sort()).toEqual(expected.map((t) => t.id).sort());
    expect(new Set(items.map((t) => t.brand_id))).toEqual(new Set([101, 102]));
  });

  it('creates a tag, which the next list shows at once', async () => {
    const name = `VIP ${crypto.randomUUID().slice(0, 8)}`;
    const tag = valueOf(await app.call('tags:create', { brandId: 102, name, color: '#3A7BD5' }));
    expect(tag).toMatchObject({ brand_id: 102, name, color: '#3A7BD5' });
    const { items } = valueOf(await app.call('tags:list', { brandIds: [101, 102] }));
    expect(items.map((t) => t.id)).toContain(tag.id);
  });

  it('lets the service pick a color when none is given', async () => {
    const tag = valueOf(await app.call('tags:create', { brandId: 101, name: `Auto ${Date.now()}` }));
    expect(tag.color).toMatch(/^#[0-9A-Fa-f]{6}$/);
  });

  it('answers a name already used in that brand as a conflict at the name field', async () => {
    const name = `Twice ${crypto.randomUUID().slice(0, 8)}`;
    valueOf(await app.call('tags:create', { brandId: 103, name }));
    const again = await app.call('tags:create', { brandId: 103, name });
    expect(again).toMatchObject({ ok: false, error: { code: 'conflict', status: 409 } });
    if (again.ok) return;
    expect(again.error.fieldErrors.name?.[0]).toMatch(/already used/i);
  });

  it('refuses a bad color or an empty name at its field without asking the service', async () => {
    const before = app.requests.length;
    const badColor = await app.call('tags:create', { brandId: 101, name: 'x', color: 'blue' });
    expect(badColor).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    if (!badColor.ok) expect(Object.keys(badColor.error.fieldErrors)).toEqual(['color']);
    const blank = await app.call('tags:create', { brandId: 101, name: '   ' });
    if (!blank.ok) expect(Object.keys(blank.error.fieldErrors)).toEqual(['name']);
    expect(blank.ok).toBe(false);
    expect(app.requests.length).toBe(before);
  });

  it('shares one request between identical lists in flight', async () => {
    // A brand set no earlier test asked for, so nothing is kept for it yet.
    const before = app.requests.filter((r) => r.includes('/tags?')).length;
    const answers = await Promise.all([
      app.call('tags:list', { brandIds: [103] }),
      app.call('tags:list', { brandIds: [103] }),
      app.call('tags:list', { brandIds: [103] }),
    ]);
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(app.requests.filter((r) => r.includes('/tags?')).length).toBe(before + 1);
  });

  it('answers cancelled when the caller goes away first', async () => {
    const controller = new AbortController();
    const answer = app.call('tags:list', { brandIds: [101, 103] }, { signal: controller.signal });
    controller.abort();
    expect(await answer).toMatchObject({ ok: false, error: { code: 'cancelled' } });
  });
});

describe('tags when the service is gone', () => {
  it('answers offline, with a plain message, once the service stops answering', async () => {
    const own = await startTestSandbox();
    const services = await servicesOnSandbox(own);
    try {
      valueOf(await services.call('tags:list', { brandIds: [101] }));
      await own.close();
      const down = await services.call('tags:create', { brandId: 101, name: 'Offline' });
      expect(down).toMatchObject({ ok: false, error: { code: 'offline' } });
      if (!down.ok) expect(down.error.message).toMatch(/could not be reached/);
    } finally {
      await services.close();
    }
  });
});
