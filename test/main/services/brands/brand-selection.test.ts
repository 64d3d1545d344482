import { afterAll, describe, expect, it } from 'vitest';
import { sandboxForThisFile } from '../support/sandbox.ts';
import { servicesOnSandbox, valueOf } from '../support/services-on-sandbox.ts';

const sandbox = await sandboxForThisFile({ frozenClock: true });
const app = await servicesOnSandbox(sandbox);
afterAll(() => app.close());

describe('the brand picker', () => {
  it('chooses every brand of the profile until the user picks', async () => {
    expect(valueOf(await app.call('brands:get'))).toEqual({
      available: [101, 102, 103],
      selected: [101, 102, 103],
    });
  });

  it('remembers a choice per profile, across a switch to another profile and back', async () => {
    const first = valueOf(await app.call('accounts:list')).activeId!;
    expect(valueOf(await app.call('brands:select', { brandIds: [103, 101] }))).toEqual({
      available: [101, 102, 103],
      selected: [101, 103],
    });
    const second = valueOf(
      await app.call('accounts:add', {
        name: 'Second',
        baseUrls: sandbox.urls,
        brandIds: [102],
        token: sandbox.tokens.user,
        tokenStore: 'keychain',
        activate: true,
      }),
    );
    expect(valueOf(await app.call('brands:get'))).toEqual({ available: [102], selected: [102] });
    valueOf(await app.call('accounts:switch', { id: first }));
    expect(valueOf(await app.call('brands:get')).selected).toEqual([101, 103]);
    valueOf(await app.call('accounts:remove', { id: second.id }));
  });

  it('refuses a brand the profile does not have, and keeps the choice', async () => {
    const answer = await app.call('brands:select', { brandIds: [101, 901] });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    if (!answer.ok) expect(answer.error.fieldErrors.brandIds?.[0]).toContain('901');
    expect(valueOf(await app.call('brands:get')).selected).toEqual([101, 103]);
    expect((await app.call('brands:select', { brandIds: [] })).ok).toBe(false);
  });

  it('keeps the chosen brands still in the profile when its brand list is edited', async () => {
    const id = valueOf(await app.call('accounts:list')).activeId!;
    valueOf(await app.call('accounts:update', { id, brandIds: [101, 102] }));
    expect(valueOf(await app.call('brands:get'))).toEqual({ available: [101, 102], selected: [101] });
  });
});
