import { flushPromises, type DOMWrapper, type VueWrapper } from '@vue/test-utils';
import { exampleUrls } from './fake-accounts.ts';

export interface FormValues {
  name?: string;
  urls?: Partial<typeof exampleUrls>;
  brandIds?: string;
  token?: string;
}

/** What `get` answers: a DOMWrapper without `exists` (it always exists). */
type Found<T extends Element = Element> = Omit<DOMWrapper<T>, 'exists'>;
type Root = VueWrapper | Found;

/** The text input of one field of the profile form (fields are named like the contract's keys). */
export function fieldInput(root: Root, field: string): Found<HTMLInputElement> {
  return root.get<HTMLInputElement>(`[data-testid="field-${field}"] input`);
}

/** The field's error line under it, or '' when it shows none. */
export function fieldError(root: Root, field: string): string {
  const feedback = root.find(`[data-testid="field-${field}"] .n-form-item-feedback`);
  return feedback.exists() ? feedback.text() : '';
}

/** Types into the form the way a user would; unnamed fields keep what they hold. */
export async function fillProfileForm(root: Root, values: FormValues): Promise<void> {
  if (values.name !== undefined) await fieldInput(root, 'name').setValue(values.name);
  for (const [key, url] of Object.entries(values.urls ?? {})) {
    await fieldInput(root, `baseUrls.${key}`).setValue(url);
  }
  if (values.brandIds !== undefined) await fieldInput(root, 'brandIds').setValue(values.brandIds);
  if (values.token !== undefined) await fieldInput(root, 'token').setValue(values.token);
}

export async function chooseTokenStore(root: Root, store: 'keychain' | 'session'): Promise<void> {
  await root.get(`[data-testid="store-${store}"] input`).trigger('change');
}

export function tokenStoreInput(root: Root, store: 'keychain' | 'session'): HTMLInputElement {
  return root.get<HTMLInputElement>(`[data-testid="store-${store}"] input`).element;
}

export async function click(root: Root, testId: string): Promise<void> {
  await root.get(`[data-testid="${testId}"]`).trigger('click');
  await flushPromises();
}

/** Clicks Save, which submits the form (a submit button, as Enter in a field would). */
export async function submit(root: Root): Promise<void> {
  await click(root, 'form-save');
}
