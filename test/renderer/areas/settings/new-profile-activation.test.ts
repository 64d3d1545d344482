import { type VueWrapper } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { CallOutput, CallResult } from '../../../../src/shared/contract/index.ts';
import { exampleUrls, sampleProfile } from '../../helpers/fake-accounts.ts';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { freshPageForEachTest, mountApp } from '../../helpers/mount-app.ts';
import { click, fillProfileForm, submit } from '../../helpers/profile-form.ts';

let wrapper: VueWrapper | undefined;
const refused = 'The service refused this token. Check that it was copied whole and has not been revoked.';
const newProfile = { name: 'Third', urls: exampleUrls, brandIds: '5', token: 'tok_3' };

/** Settings with one active profile; a new one is added through the Profiles card's form. */
async function addProfile(testAnswer?: () => CallResult<CallOutput<'accounts:test'>>) {
  const preload = createFakePreload().install();
  if (testAnswer) preload.answer('accounts:test', testAnswer);
  wrapper = (await mountApp('/settings')).wrapper;
  await click(wrapper, 'add-profile');
  const form = wrapper.get('[data-testid="profile-form"]');
  await fillProfileForm(form, newProfile);
  await submit(form);
  const added = preload.accounts.list().profiles.find((p) => p.name === 'Third')!;
  return { preload, added };
}

const activeName = () => wrapper!.get('[data-testid="active-profile"]').text();

freshPageForEachTest();

describe('a new profile while another is active', () => {
  it('is saved without taking over, tested by id, and made active once it answers', async () => {
    const { preload, added } = await addProfile();

    expect(preload.inputsOf('accounts:add')[0]).toMatchObject({ name: 'Third', activate: false });
    expect(preload.inputsOf('accounts:test')).toEqual([{ id: added.id }]);
    expect(preload.inputsOf('accounts:switch')).toEqual([{ id: added.id }]);
    expect(activeName()).toBe('Third');
    expect(wrapper!.find('[data-testid="not-activated"]').exists()).toBe(false);
  });

  it('leaves the current profile active when the new one does not answer, and says why', async () => {
    const { preload, added } = await addProfile(() => ({
      ok: true,
      value: { ok: false, code: 'unauthorized', status: 401, message: refused },
    }));

    expect(preload.inputsOf('accounts:switch')).toEqual([]);
    expect(preload.accounts.list().activeId).toBe(sampleProfile.id);
    expect(activeName()).toBe(sampleProfile.name);
    // Saved all the same: in the list, not active, the form closed, and its row says why.
    const row = wrapper!.get(`[data-testid="profile-${added.id}"]`);
    expect(row.attributes('data-active')).toBe('false');
    const notice = row.get('[data-testid="not-activated"]');
    expect(notice.text()).toContain('Saved, but not in use yet');
    expect(notice.text()).toContain(refused);
    expect(notice.text()).toContain(`"${sampleProfile.name}" stays active`);
    expect(wrapper!.findAll('[data-testid="not-activated"]')).toHaveLength(1);
    expect(wrapper!.find('[data-testid="profile-form"]').exists()).toBe(false);
  });

  it("lets the user switch to it anyway with its row's Switch to, which ends the notice", async () => {
    const { preload, added } = await addProfile(() => ({
      ok: true,
      value: { ok: false, code: 'offline', message: 'The service could not be reached.' },
    }));

    await click(wrapper!.get(`[data-testid="profile-${added.id}"]`), 'profile-switch');

    expect(preload.inputsOf('accounts:switch')).toEqual([{ id: added.id }]);
    expect(activeName()).toBe('Third');
    expect(wrapper!.find('[data-testid="not-activated"]').exists()).toBe(false);
  });

  it('keeps the current profile when the test itself is refused', async () => {
    const { preload } = await addProfile(() => ({
      ok: false,
      error: { code: 'internal', message: 'Something went wrong in Socialdesk.', fieldErrors: {} },
    }));

    expect(preload.inputsOf('accounts:switch')).toEqual([]);
    expect(activeName()).toBe(sampleProfile.name);
    expect(wrapper!.get('[data-testid="not-activated"]').text()).toContain('could not be tested');
  });
});
