import { flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, describe, expect, it } from 'vitest';
import { useAccountsStore } from '../../../src/renderer/src/app/accounts-store.ts';
import { useBrandsStore } from '../../../src/renderer/src/app/brands-store.ts';
import type { BrandSelection, CallResult } from '../../../src/shared/contract/index.ts';
import { exampleUrls, sampleProfile } from '../helpers/fake-accounts.ts';
import { createFakePreload } from '../helpers/fake-preload.ts';

afterEach(() => {
  delete window.socialdesk;
});

/** The stores as the app creates them at start-up: the brands before the profile list has answered. */
function startUp() {
  setActivePinia(createPinia());
  const accounts = useAccountsStore();
  const loading = accounts.ensureLoaded();
  const brands = useBrandsStore();
  return { accounts, brands, loading };
}

describe('brands store at start-up', () => {
  it('reads the brands beside the profile list, not after it, and only once', async () => {
    const preload = createFakePreload().install();
    const { brands, loading } = startUp();
    expect(brands.loaded).toBe(false);

    // Asked before the profile list answered (the screen waits on both, not one after the other).
    await Promise.resolve();
    expect(preload.received.map((call) => call.name)).toEqual(['accounts:list', 'brands:get']);

    await loading;
    await flushPromises();
    expect(brands.loaded).toBe(true);
    expect(brands.selected).toEqual(sampleProfile.brandIds);
    expect(preload.inputsOf('brands:get')).toHaveLength(1);
  });

  it('with no profile yet, the first one saved has its brands read', async () => {
    const preload = createFakePreload({ accounts: { profiles: [] } }).install();
    const { accounts, brands, loading } = startUp();
    await loading;
    await flushPromises();
    expect(brands.loaded).toBe(true);
    expect(brands.selected).toEqual([]);

    await accounts.add({
      name: 'First brand',
      baseUrls: exampleUrls,
      brandIds: [7, 8],
      token: 'a-token',
      tokenStore: 'keychain',
    });
    await flushPromises();

    expect(brands.selected).toEqual([7, 8]);
    expect(preload.inputsOf('brands:get')).toHaveLength(2);
  });

  it('follows a switch to another profile', async () => {
    const other = { ...sampleProfile, id: 'profile-2', name: 'Other', brandIds: [301] };
    createFakePreload({ accounts: { profiles: [sampleProfile, other] } }).install();
    const { accounts, brands, loading } = startUp();
    await loading;
    await flushPromises();
    expect(brands.selected).toEqual(sampleProfile.brandIds);

    await accounts.switchTo('profile-2');
    await flushPromises();

    expect(brands.selected).toEqual([301]);
  });

  it('shows no brand once the last profile is removed, even if a read of its brands answers after', async () => {
    const preload = createFakePreload().install();
    const { accounts, brands, loading } = startUp();
    await loading;
    await flushPromises();
    expect(brands.selected).toEqual(sampleProfile.brandIds);

    // A change of the profile's brands reads them again; that read answers only after the removal.
    let answerLate!: () => void;
    preload.answer('brands:get', () => {
      const value = { available: [101, 301], selected: [301] };
      return new Promise<CallResult<BrandSelection>>(
        (resolve) => (answerLate = () => resolve({ ok: true, value })),
      );
    });
    await accounts.update({ id: sampleProfile.id, brandIds: [101, 301] });
    await flushPromises();
    expect(preload.inputsOf('brands:get')).toHaveLength(2);
    await accounts.remove(sampleProfile.id);
    await flushPromises();

    answerLate();
    await flushPromises();
    expect(brands.selected).toEqual([]);
    expect(brands.available).toEqual([]);
  });
});
