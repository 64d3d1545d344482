import { flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, describe, expect, it } from 'vitest';
import { useAccountsStore } from '../../../src/renderer/src/app/accounts-store.ts';
import type { AccountsList, CallResult } from '../../../src/shared/contract/index.ts';
import { sampleProfile } from '../helpers/fake-accounts.ts';
import { createFakePreload } from '../helpers/fake-preload.ts';

afterEach(() => {
  delete window.socialdesk;
});

const other = { ...sampleProfile, id: 'profile-2', name: 'Other brand', brandIds: [301] };

describe('accounts store', () => {
  it('shows the profile list read after a switch, not an older read that answers later', async () => {
    const preload = createFakePreload({ accounts: { profiles: [sampleProfile, other] } }).install();
    setActivePinia(createPinia());
    const accounts = useAccountsStore();
    await accounts.ensureLoaded();
    expect(accounts.active?.id).toBe(sampleProfile.id);

    // The next list read answers late, with the list as it was when asked (the first profile active).
    let answerLate!: () => void;
    preload.answer('accounts:list', () => {
      const asked = preload.accounts.list();
      preload.answer('accounts:list', () => ({ ok: true, value: preload.accounts.list() }));
      return new Promise<CallResult<AccountsList>>((resolve) => {
        answerLate = () => resolve({ ok: true, value: asked });
      });
    });
    void accounts.load();
    await accounts.switchTo(other.id);
    expect(accounts.active?.name).toBe('Other brand');

    answerLate();
    await flushPromises();
    expect(accounts.active?.name).toBe('Other brand');
    // The older read was dropped in main too, not only ignored here.
    expect(preload.cancelled).toHaveLength(1);
  });
});
