import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { freshPageForEachTest, mountApp } from '../../helpers/mount-app.ts';

let wrapper: VueWrapper;
freshPageForEachTest();

async function openTags(preload = createFakePreload().install()) {
  ({ wrapper } = await mountApp('/tags'));
  await flushPromises();
  return preload;
}

const groupOf = (brand: number) => wrapper.get(`[data-testid="tag-group"][data-brand="${brand}"]`);
const chipsOf = (brand: number) =>
  groupOf(brand)
    .findAll('[data-testid="tag-chip"]')
    .map((c) => c.text());

async function createTag(name: string) {
  await wrapper.get('[data-testid="tag-name"] input').setValue(name);
  await wrapper.get('form').trigger('submit');
  await flushPromises();
}

describe('the Tags page', () => {
  it('shows the tags of the chosen brands, grouped by brand and sorted by name', async () => {
    const preload = await openTags();
    expect(wrapper.get('h1').text()).toBe('Tags');
    expect(preload.inputsOf('tags:list')).toEqual([{ brandIds: [101, 102] }]);
    expect(chipsOf(101)).toEqual(['Complaint', 'Praise']);
    expect(chipsOf(102)).toEqual(['Shipping']);
    expect(wrapper.get('[data-testid="page-subtitle"]').text()).toBe('3 tags in 2 brands');
    const swatch = groupOf(101).get('[data-testid="tag-chip"] .swatch').attributes('style')!.toLowerCase();
    expect(swatch.includes('#e5484d') || swatch.includes('rgb(229, 72, 77)'), swatch).toBe(true);
  });

  it('creates a tag in the brand picked in the form, shows it in its group and clears the name', async () => {
    const preload = await openTags();
    await createTag('Refund');
    expect(preload.inputsOf('tags:create')).toEqual([{ brandId: 101, name: 'Refund' }]);
    expect(chipsOf(101)).toEqual(['Complaint', 'Praise', 'Refund']);
    expect((wrapper.get('[data-testid="tag-name"] input').element as HTMLInputElement).value).toBe('');
  });

  it("shows the service's refusal of a name already used at the name field, keeping what was typed", async () => {
    await openTags();
    await createTag('complaint');
    const item = wrapper.get('[data-testid="tag-name"]').element.closest('.n-form-item')!;
    expect(item.textContent).toContain('Already used in brand 101.');
    expect((wrapper.get('[data-testid="tag-name"] input').element as HTMLInputElement).value).toBe(
      'complaint',
    );
    expect(chipsOf(101)).toEqual(['Complaint', 'Praise']);
  });

  it('checks an empty name before sending anything', async () => {
    const preload = await openTags();
    await createTag('   ');
    expect(preload.inputsOf('tags:create')).toEqual([]);
    expect(wrapper.get('[data-testid="tag-name"]').element.closest('.n-form-item')!.textContent).toContain(
      'Give the tag a name.',
    );
  });

  it('says under the form why a tag could not be created when no field is at fault', async () => {
    const preload = createFakePreload().install();
    preload.answer('tags:create', () => ({
      ok: false,
      error: { code: 'offline', message: 'The service could not be reached.', fieldErrors: {} },
    }));
    await openTags(preload);
    await createTag('Later');
    expect(wrapper.get('[data-testid="tag-form-error"]').text()).toContain(
      'The service could not be reached.',
    );
    expect((wrapper.get('[data-testid="tag-name"] input').element as HTMLInputElement).value).toBe('Later');
  });

  // happy-dom lays nothing out, so the width itself is measured in Chromium; what drives it is
  // checked here: the same label, and the icon's place held by the plus and then by the spinner.
  it('keeps the Create button as wide while saving: same label, the spinner in the icon place, disabled', async () => {
    const preload = createFakePreload().install();
    let answer!: () => void;
    preload.answer(
      'tags:create',
      () =>
        new Promise((resolve) => {
          answer = () =>
            resolve({
              ok: false,
              error: { code: 'offline', message: 'The service could not be reached.', fieldErrors: {} },
            });
        }),
    );
    await openTags(preload);
    const button = () => wrapper.get('[data-testid="tag-create"]');
    const iconPlace = () => button().get('.n-button__icon');
    expect(button().text()).toBe('Create tag');
    expect(iconPlace().find('[data-testid="tag-create-icon"]').exists()).toBe(true);
    expect(button().attributes('disabled')).toBeUndefined();

    await createTag('Refund');
    expect(button().text()).toBe('Create tag');
    expect(button().findAll('.n-button__icon')).toHaveLength(1);
    expect(iconPlace().find('.n-base-loading').exists()).toBe(true);
    expect(button().attributes('disabled')).toBeDefined();
    expect(button().attributes('aria-busy')).toBe('true');
    // A second send while the first is unanswered sends nothing more.
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(preload.inputsOf('tags:create')).toHaveLength(1);

    answer();
    await flushPromises();
    expect(button().text()).toBe('Create tag');
    expect(button().attributes('disabled')).toBeUndefined();
    expect(button().attributes('aria-busy')).toBe('false');
    expect(iconPlace().find('.n-base-loading').exists()).toBe(false);
    expect(iconPlace().find('[data-testid="tag-create-icon"]').exists()).toBe(true);
    expect(wrapper.get('[data-testid="tag-form-error"]').text()).toContain(
      'The service could not be reached.',
    );
  });

  it('shows a failed load with a Retry that works once the service is back', async () => {
    const preload = createFakePreload().install();
    let down = true;
    const working = preload.answer.bind(preload);
    working('tags:list', ({ brandIds }) =>
      down
        ? {
            ok: false,
            error: { code: 'offline', message: 'The service could not be reached.', fieldErrors: {} },
          }
        : { ok: true, value: { items: preload.tags.filter((t) => brandIds.includes(t.brand_id)) } },
    );
    await openTags(preload);
    const error = wrapper.get('[data-testid="state-error"]');
    expect(error.attributes('data-code')).toBe('offline');
    expect(error.text()).toContain('Could not load the tags');
    expect(wrapper.find('[data-testid="tag-groups"]').exists()).toBe(false);

    down = false;
    await wrapper.get('[data-testid="retry"]').trigger('click');
    await flushPromises();
    expect(wrapper.find('[data-testid="state-error"]').exists()).toBe(false);
    expect(chipsOf(102)).toEqual(['Shipping']);
  });

  it('follows the brand picker: the list is asked again for the brands chosen', async () => {
    const preload = await openTags();
    // Opened from its arrow: a click on the tags could land on a tag's close button.
    await wrapper.get('[data-testid="brand-picker"] .n-base-suffix').trigger('click');
    await flushPromises();
    // Naive UI's menu is teleported to <body>: take brand 101 out of the choice there.
    const option = [...document.querySelectorAll('.n-base-select-option')].find(
      (o) => o.textContent?.trim() === '101',
    );
    (option as HTMLElement).click();
    await flushPromises();
    expect(preload.inputsOf('brands:select')).toEqual([{ brandIds: [102] }]);
    expect(wrapper.findAll('[data-testid="brand-picker"] .n-tag').map((t) => t.text())).toEqual(['102']);
    expect(preload.inputsOf('tags:list').at(-1)).toEqual({ brandIds: [102] });
    expect(wrapper.findAll('[data-testid="tag-group"]').map((g) => g.attributes('data-brand'))).toEqual([
      '102',
    ]);
  });
});
