import { flushPromises, type DOMWrapper, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { exampleUrls, sampleProfile, type FakeProfile } from '../../helpers/fake-accounts.ts';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { arrivedAt, freshPageForEachTest, mountApp, screenText } from '../../helpers/mount-app.ts';
import { click, fieldInput, fillProfileForm, submit } from '../../helpers/profile-form.ts';

let wrapper: VueWrapper | undefined;

const sessionProfile: FakeProfile = {
  id: 'profile-9',
  name: 'Second brand',
  baseUrls: exampleUrls,
  brandIds: [7],
  tokenStore: 'session',
  hasToken: false,
};

async function openSettings(
  preload = createFakePreload({ accounts: { profiles: [sampleProfile, sessionProfile] } }),
) {
  preload.install();
  const mounted = await mountApp('/settings');
  wrapper = mounted.wrapper;
  return { ...mounted, preload };
}

function row(id: string): Omit<DOMWrapper<Element>, 'exists'> {
  return wrapper!.get(`[data-testid="profile-${id}"]`);
}

/** The confirm dialog Naive UI teleports to <body>. */
function dialogButton(text: string): HTMLButtonElement {
  const buttons = [...document.body.querySelectorAll<HTMLButtonElement>('.n-dialog button')];
  const button = buttons.find((b) => b.textContent?.trim() === text);
  if (!button) throw new Error(`no "${text}" button in a dialog`);
  return button;
}

/** What the confirm dialog Naive UI teleports to <body> says. */
function dialogText(): string {
  return document.body.querySelector('.n-dialog')?.textContent ?? '';
}

freshPageForEachTest();

describe('profiles card', () => {
  it('lists each profile with its brands, where its token is kept, and the active one marked', async () => {
    await openSettings();

    const first = row(sampleProfile.id);
    expect(first.get('[data-testid="profile-name"]').text()).toBe('Sample brand');
    expect(first.get('[data-testid="profile-brands"]').text()).toBe('Brands 101, 102');
    expect(first.get('[data-testid="profile-token-store"]').text()).toBe('Token in the system keychain');
    expect(first.find('[data-testid="profile-active"]').exists()).toBe(true);
    expect(first.find('[data-testid="token-missing"]').exists()).toBe(false);
    expect(first.find('[data-testid="profile-switch"]').exists()).toBe(false);

    const second = row(sessionProfile.id);
    expect(second.get('[data-testid="profile-brands"]').text()).toBe('Brand 7');
    expect(second.get('[data-testid="profile-token-store"]').text()).toBe('Token for this session only');
    expect(second.find('[data-testid="profile-active"]').exists()).toBe(false);
    expect(second.get('[data-testid="token-missing"]').text()).toBe('Token missing: edit to paste it again.');
  });

  it('switches profiles with accounts:switch and marks the new active one', async () => {
    const { preload } = await openSettings();

    await click(row(sessionProfile.id), 'profile-switch');

    expect(preload.inputsOf('accounts:switch')).toEqual([{ id: sessionProfile.id }]);
    expect(row(sessionProfile.id).attributes('data-active')).toBe('true');
    expect(row(sampleProfile.id).attributes('data-active')).toBe('false');
    expect(wrapper!.get('[data-testid="active-profile"]').text()).toBe('Second brand');
  });

  it('removes a profile only after the confirm dialog says so', async () => {
    const { preload } = await openSettings();
    preload.answer('drafts:unsynced-count', () => ({
      ok: true,
      value: { count: 0, failed: 0, conflict: 0 },
    }));

    await click(row(sessionProfile.id), 'profile-remove');
    expect(dialogText()).toContain('Remove "Second brand"?');
    // No drafts to lose: nothing is said about drafts.
    expect(dialogText()).not.toMatch(/draft/i);
    dialogButton('Cancel').click();
    await flushPromises();
    expect(preload.inputsOf('accounts:remove')).toEqual([]);

    await click(row(sessionProfile.id), 'profile-remove');
    dialogButton('Remove').click();
    await flushPromises();

    expect(preload.inputsOf('accounts:remove')).toEqual([{ id: sessionProfile.id }]);
    expect(wrapper!.find(`[data-testid="profile-${sessionProfile.id}"]`).exists()).toBe(false);
    expect(wrapper!.find(`[data-testid="profile-${sampleProfile.id}"]`).exists()).toBe(true);
  });

  it('names the drafts not on the service yet before removing the profile, and its button says so', async () => {
    const { preload } = await openSettings();
    preload.answer('drafts:unsynced-count', () => ({
      ok: true,
      value: { count: 3, failed: 1, conflict: 0 },
    }));

    await click(row(sessionProfile.id), 'profile-remove');

    // Asked for the profile being removed, which is not the active one.
    expect(preload.inputsOf('drafts:unsynced-count')).toEqual([{ profileId: sessionProfile.id }]);
    expect(dialogText()).toContain(
      '3 drafts of this profile are not on the service yet (1 failed). Removing the profile deletes them.',
    );
    dialogButton('Remove profile and 3 drafts').click();
    await flushPromises();

    expect(preload.inputsOf('accounts:remove')).toEqual([{ id: sessionProfile.id }]);
    expect(wrapper!.find(`[data-testid="profile-${sessionProfile.id}"]`).exists()).toBe(false);
  });

  it('says one draft in the singular, with the one in conflict', async () => {
    const { preload } = await openSettings();
    preload.answer('drafts:unsynced-count', () => ({
      ok: true,
      value: { count: 1, failed: 0, conflict: 1 },
    }));

    await click(row(sessionProfile.id), 'profile-remove');

    expect(dialogText()).toContain(
      '1 draft of this profile is not on the service yet (1 in conflict). Removing the profile deletes it.',
    );
    expect(dialogButton('Remove profile and 1 draft')).toBeTruthy();
  });

  it('still warns about drafts when their count could not be read', async () => {
    const { preload } = await openSettings();
    preload.answer('drafts:unsynced-count', () => ({
      ok: false,
      error: { code: 'internal', message: 'Something went wrong in Socialdesk.', fieldErrors: {} },
    }));

    await click(row(sessionProfile.id), 'profile-remove');

    expect(dialogText()).toContain('Removing the profile deletes any that are not on the service yet.');
    dialogButton('Remove').click();
    await flushPromises();
    expect(preload.inputsOf('accounts:remove')).toEqual([{ id: sessionProfile.id }]);
  });

  it('goes back to the welcome screen when the last profile is removed', async () => {
    const { router } = await openSettings(createFakePreload());

    await click(row(sampleProfile.id), 'profile-remove');
    dialogButton('Remove').click();
    await arrivedAt(router, 'welcome');
  });

  it('tests one profile by id and shows the result inline: green, then red', async () => {
    const { preload } = await openSettings();

    await click(row(sampleProfile.id), 'profile-test');
    expect(preload.inputsOf('accounts:test')).toEqual([{ id: sampleProfile.id }]);
    let result = row(sampleProfile.id).get('[data-testid="test-result"]');
    expect(result.attributes('data-ok')).toBe('true');
    expect(result.text()).toContain('Connected.');

    const refused = 'The service refused this token.';
    preload.answer('accounts:test', () => ({
      ok: true,
      value: { ok: false, code: 'unauthorized', status: 401, message: refused },
    }));
    await click(row(sampleProfile.id), 'profile-test');
    result = row(sampleProfile.id).get('[data-testid="test-result"]');
    expect(result.attributes('data-ok')).toBe('false');
    expect(result.text()).toContain(refused);
    // Only the tested profile shows a result.
    expect(row(sessionProfile.id).find('[data-testid="test-result"]').exists()).toBe(false);
  });

  it("a passing test of the active profile is what the side bar says, never 'Not checked yet'", async () => {
    await openSettings();
    const indicator = () => wrapper!.get('[data-testid="connection-indicator"]');
    expect(indicator().text()).toContain('Not checked yet');
    await click(row(sampleProfile.id), 'profile-test');
    expect(row(sampleProfile.id).get('[data-testid="test-result"]').attributes('data-ok')).toBe('true');
    expect(indicator().attributes('data-state')).toBe('online');
    expect(indicator().get('[data-testid="connection-label"]').text()).toBe('Online');
  });

  it("a test of another profile says nothing of the active one's connection", async () => {
    await openSettings();
    await click(row(sessionProfile.id), 'profile-test');
    expect(row(sessionProfile.id).find('[data-testid="test-result"]').exists()).toBe(true);
    expect(wrapper!.get('[data-testid="connection-label"]').text()).toBe('Not checked yet');
  });

  it('reports a test that main refused as a notification, not as a failed connection', async () => {
    const { preload } = await openSettings();
    preload.answer('accounts:test', () => ({
      ok: false,
      error: { code: 'not_found', message: 'This profile no longer exists.', fieldErrors: {} },
    }));

    await click(row(sampleProfile.id), 'profile-test');

    expect(row(sampleProfile.id).find('[data-testid="test-result"]').exists()).toBe(false);
    expect(wrapper!.text()).not.toContain('Connection failed');
    const error = document.querySelector<HTMLElement>('[data-testid="call-error"]')!;
    expect(error.dataset.code).toBe('not_found');
    expect(screenText()).toContain('Could not test the connection');
  });

  it('edits a profile: a blank token keeps the stored one', async () => {
    const { preload } = await openSettings();

    await click(row(sampleProfile.id), 'profile-edit');
    const form = wrapper!.get('[data-testid="profile-form"]');
    expect(fieldInput(form, 'name').element.value).toBe('Sample brand');
    expect(fieldInput(form, 'brandIds').element.value).toBe('101, 102');
    expect(fieldInput(form, 'token').element.value).toBe('');

    await fillProfileForm(form, { name: 'Renamed', brandIds: '101' });
    await submit(form);

    const [input] = preload.inputsOf('accounts:update');
    expect(input).toEqual({
      id: sampleProfile.id,
      name: 'Renamed',
      baseUrls: exampleUrls,
      brandIds: [101],
      tokenStore: 'keychain',
    });
    expect(wrapper!.find('[data-testid="profile-form"]').exists()).toBe(false);
    expect(row(sampleProfile.id).get('[data-testid="profile-name"]').text()).toBe('Renamed');
  });

  it('pastes a new token for a profile that lost it', async () => {
    const { preload } = await openSettings();

    await click(row(sessionProfile.id), 'profile-edit');
    const form = wrapper!.get('[data-testid="profile-form"]');
    await fillProfileForm(form, { token: 'tok_new' });
    await submit(form);

    expect(preload.inputsOf('accounts:update')[0]).toMatchObject({ id: sessionProfile.id, token: 'tok_new' });
    expect(row(sessionProfile.id).find('[data-testid="token-missing"]').exists()).toBe(false);
  });

  it('adds a profile from Settings without making the user start over', async () => {
    const { preload } = await openSettings();

    await click(wrapper!, 'add-profile');
    const form = wrapper!.get('[data-testid="profile-form"]');
    await fillProfileForm(form, { name: 'Third', urls: exampleUrls, brandIds: '5', token: 'tok_3' });
    await submit(form);

    expect(preload.inputsOf('accounts:add')[0]).toMatchObject({
      name: 'Third',
      brandIds: [5],
      token: 'tok_3',
    });
    expect(wrapper!.get('[data-testid="profiles-list"]').text()).toContain('Third');
  });

  it('shows no keychain notice when the keychain works', async () => {
    await openSettings();
    expect(wrapper!.find('[data-testid="keychain-notice"]').exists()).toBe(false);
  });
});
