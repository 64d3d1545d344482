import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  ContractCallError,
  profileSchema,
  type AccountsList,
  type Profile,
  type ProfileAdd,
  type ProfileUpdate,
  type ProfileView,
  type TokenBackend,
} from '../../../shared/contract/index.ts';
import { KeychainUnavailableError, type SecretStore } from './secret-store.ts';
import { refuseTokenOnNewOrigin } from './token-destination.ts';

/**
 * The part of conf / electron-store the profiles service uses. Profiles are plain settings (no
 * token: it lives in the SecretStore), so the same small JSON store as preferences serves.
 */
export interface ProfilesBackend {
  get(key: 'profiles'): unknown;
  set(key: 'profiles', value: StoredProfiles): void;
}

const storedSchema = z.object({
  // Each entry goes through profileSchema, which keeps known keys only: nothing else is written.
  list: z.array(z.unknown()).transform((items) =>
    items.flatMap((item) => {
      const parsed = profileSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    }),
  ),
  activeId: z.string().nullable(),
});
export type StoredProfiles = z.output<typeof storedSchema>;

export interface ProfilesService {
  list(): Promise<AccountsList>;
  get(id: string): Profile;
  active(): Profile | undefined;
  add(input: ProfileAdd & { sandbox?: boolean }): Promise<ProfileView>;
  update(input: ProfileUpdate): Promise<ProfileView>;
  remove(id: string): Promise<AccountsList>;
  switchTo(id: string): Promise<ProfileView>;
  /** Calls `listener` after every change (the client registry rebuilds its clients). */
  onChange(listener: (profiles: StoredProfiles) => void): () => void;
}

export function createProfilesService(deps: {
  store: ProfilesBackend;
  secrets: SecretStore;
}): ProfilesService {
  const { store, secrets } = deps;
  const listeners = new Set<(profiles: StoredProfiles) => void>();

  function read(): StoredProfiles {
    const parsed = storedSchema.safeParse(store.get('profiles'));
    if (!parsed.success) return { list: [], activeId: null };
    const { list, activeId } = parsed.data;
    return { list, activeId: list.some((p) => p.id === activeId) ? activeId : (list[0]?.id ?? null) };
  }

  function write(next: StoredProfiles): void {
    // Re-parse on the way out as well: a token can never reach the file, whatever a caller passed.
    const clean = { list: next.list.map((p) => profileSchema.parse(p)), activeId: next.activeId };
    store.set('profiles', clean);
    for (const listener of listeners) listener(clean);
  }

  function find(id: string): Profile {
    const profile = read().list.find((p) => p.id === id);
    if (!profile)
      throw new ContractCallError({
        code: 'not_found',
        message: 'This profile no longer exists.',
        fieldErrors: {},
      });
    return profile;
  }

  async function view(profile: Profile, activeId: string | null): Promise<ProfileView> {
    let hasToken: boolean;
    try {
      hasToken = (await secrets.get(profile.id)) !== undefined;
    } catch {
      hasToken = false; // a locked keychain: the profile shows "token needed" rather than failing
    }
    return { ...profile, hasToken, active: profile.id === activeId };
  }

  async function saveToken(id: string, token: string, backend: TokenBackend): Promise<void> {
    try {
      await secrets.save(id, token, backend);
    } catch (error) {
      if (error instanceof KeychainUnavailableError) {
        throw new ContractCallError({
          code: 'invalid_input',
          message: `${error.message} Keep the token for this session only instead?`,
          fieldErrors: { tokenStore: ['The keychain is not available.'] },
        });
      }
      throw error;
    }
  }

  const service: ProfilesService = {
    async list() {
      const { list, activeId } = read();
      return {
        profiles: await Promise.all(list.map((p) => view(p, activeId))),
        activeId,
        keychain: await secrets.keychainStatus(),
      };
    },

    get: find,

    active() {
      const { list, activeId } = read();
      return list.find((p) => p.id === activeId);
    },

    async add(input) {
      const profile = profileSchema.parse({
        id: randomUUID(),
        name: input.name,
        baseUrls: input.baseUrls,
        brandIds: input.brandIds,
        tokenStore: input.tokenStore,
        sandbox: input.sandbox,
      });
      await saveToken(profile.id, input.token, profile.tokenStore);
      const current = read();
      const activeId = input.activate || current.activeId === null ? profile.id : current.activeId;
      write({ list: [...current.list, profile], activeId });
      return view(profile, activeId);
    },

    async update(input) {
      const current = read();
      const old = find(input.id);
      if (input.baseUrls && input.token === undefined) refuseTokenOnNewOrigin(old.baseUrls, input.baseUrls);
      const tokenStore = input.tokenStore ?? old.tokenStore;
      // No new token: keep the stored one, moving it if the backend changed.
      const token = input.token ?? (tokenStore !== old.tokenStore ? await secrets.get(old.id) : undefined);
      if (token !== undefined) await saveToken(old.id, token, tokenStore);
      const next = profileSchema.parse({
        ...old,
        name: input.name ?? old.name,
        baseUrls: input.baseUrls ?? old.baseUrls,
        brandIds: input.brandIds ?? old.brandIds,
        tokenStore,
      });
      write({ list: current.list.map((p) => (p.id === old.id ? next : p)), activeId: current.activeId });
      return view(next, current.activeId);
    },

    async remove(id) {
      const current = read();
      find(id);
      await secrets.delete(id);
      const list = current.list.filter((p) => p.id !== id);
      const activeId = current.activeId === id ? (list[0]?.id ?? null) : current.activeId;
      write({ list, activeId });
      return service.list();
    },

    async switchTo(id) {
      const current = read();
      const profile = find(id);
      write({ list: current.list, activeId: id });
      return view(profile, id);
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return service;
}
