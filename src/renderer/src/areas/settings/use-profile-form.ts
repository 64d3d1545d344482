import { reactive, ref, watch } from 'vue';
import { presentError } from '../../lib/error-presenter.ts';
import {
  fieldErrorsFromZod,
  profileAddSchema,
  type CallInput,
  type ContractCallError,
  type KeychainStatusView,
  type ProfileView,
  type TokenBackend,
} from '../../../../shared/contract/index.ts';
import { perServiceArea, serviceAreas, type BaseUrls } from '../../../../shared/domain/index.ts';
import { sentenceCase } from '../../lib/labels/index.ts';

/** The form's fields, named like the contract's `fieldErrors` keys so errors land under them. */
export const profileFields = [
  'name',
  ...serviceAreas.map((area) => `baseUrls.${area}` as const),
  'brandIds',
  'token',
  'tokenStore',
] as const;
export type ProfileField = (typeof profileFields)[number];

/** One address field per service area: "Library address", "Scheduler address", … */
export const urlFields = serviceAreas.map((key) => ({
  key,
  label: `${sentenceCase(key)} address`,
}));

// The same rules main applies, run here only for "Test connection": its input is a union
// (saved profile or draft), and a union's errors come back without field names.
const draftSchema = profileAddSchema.pick({ baseUrls: true, brandIds: true, token: true });

/** "101, 102 103" -> [101, 102, 103]; a word that is not a whole number makes it an error. */
export function parseBrandIds(text: string): number[] | { error: string } {
  const parts = text.split(/[\s,;]+/).filter((part) => part !== '');
  if (parts.some((part) => !/^\d+$/.test(part))) {
    return { error: 'Brand ids are whole numbers separated by commas, such as 101, 102.' };
  }
  return parts.map(Number);
}

/**
 * State and inputs of the profile form (new profile, or editing `profile`). The token lives only
 * here, in the form's own state: it is sent with a call and cleared after a successful save.
 */
export function useProfileForm(options: { profile?: ProfileView; keychain: () => KeychainStatusView }) {
  const editing = options.profile;
  const defaultStore = (): TokenBackend => (options.keychain().available ? 'keychain' : 'session');
  const values = reactive({
    name: editing?.name ?? '',
    urls: { ...(editing?.baseUrls ?? perServiceArea(() => '')) } as BaseUrls,
    brandIds: editing?.brandIds.join(', ') ?? '',
    token: '',
    tokenStore: editing?.tokenStore ?? defaultStore(),
  });
  const errors = ref<Partial<Record<ProfileField, string>>>({});
  /** Errors that name no field of the form. */
  const generalErrors = ref<string[]>([]);

  // A keychain found unavailable after the form opened: do not leave a choice that will fail.
  watch(
    () => options.keychain().available,
    (available) => {
      if (!available && !editing) values.tokenStore = 'session';
    },
  );

  function fieldOf(key: string): ProfileField | undefined {
    return profileFields.find((field) => key === field || key.startsWith(`${field}.`));
  }

  function showFieldErrors(fieldErrors: Record<string, string[]>, message?: string): void {
    const next: Partial<Record<ProfileField, string>> = {};
    const general: string[] = [];
    for (const [key, messages] of Object.entries(fieldErrors)) {
      const field = fieldOf(key);
      if (field) next[field] = [next[field], ...messages].filter(Boolean).join(' ');
      else general.push(...messages);
    }
    if (Object.keys(next).length === 0 && general.length === 0 && message) general.push(message);
    errors.value = next;
    generalErrors.value = general;
  }

  /** Main's refusal in the presenter's words: at the fields it names, the rest above the form. */
  function showError(error: ContractCallError): void {
    const presented = presentError(error);
    const next: Partial<Record<ProfileField, string>> = {};
    const general: string[] = [];
    for (const { field: key, label, message } of presented.fields) {
      const field = fieldOf(key);
      if (field) next[field] = [next[field], message].filter(Boolean).join(' ');
      else general.push(`${label}: ${message}`);
    }
    if (presented.general) general.unshift(presented.general);
    else if (Object.keys(next).length === 0) general.unshift(presented.sentence);
    errors.value = next;
    generalErrors.value = general;
  }

  function clearErrors(): void {
    errors.value = {};
    generalErrors.value = [];
  }

  /** The parts every call shares; undefined (and the error shown) when brand ids do not parse. */
  function common() {
    clearErrors();
    const brandIds = parseBrandIds(values.brandIds);
    if (!Array.isArray(brandIds)) {
      errors.value = { brandIds: brandIds.error };
      return undefined;
    }
    return { name: values.name, baseUrls: { ...values.urls }, brandIds };
  }

  /** Whether the new profile becomes active is the store's call (see `accounts.add`). */
  function addInput(): Omit<CallInput<'accounts:add'>, 'activate'> | undefined {
    const shared = common();
    return shared && { ...shared, token: values.token, tokenStore: values.tokenStore };
  }

  /** Editing: a blank token keeps the stored one. */
  function updateInput(id: string): CallInput<'accounts:update'> | undefined {
    const shared = common();
    if (!shared) return undefined;
    const token = values.token.trim() === '' ? {} : { token: values.token };
    return { id, ...shared, ...token, tokenStore: values.tokenStore };
  }

  /**
   * The test input: the form's values, or the saved profile when editing with a blank token
   * (the stored token never comes back to the renderer, so there is nothing else to test with).
   */
  function testInput(): CallInput<'accounts:test'> | undefined {
    if (editing && values.token.trim() === '') {
      clearErrors();
      return { id: editing.id };
    }
    const shared = common();
    if (!shared) return undefined;
    const draft = { baseUrls: shared.baseUrls, brandIds: shared.brandIds, token: values.token };
    const checked = draftSchema.safeParse(draft);
    if (!checked.success) {
      showFieldErrors(fieldErrorsFromZod(checked.error));
      return undefined;
    }
    return draft;
  }

  function clearToken(): void {
    values.token = '';
  }

  return {
    values,
    errors,
    generalErrors,
    showError,
    clearErrors,
    addInput,
    updateInput,
    testInput,
    clearToken,
  };
}
