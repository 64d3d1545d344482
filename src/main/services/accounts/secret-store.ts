import { randomBytes } from 'node:crypto';
import { AsyncEntry, type EntryOptions } from '@napi-rs/keyring';
// The contract's shapes: where a token lives (`keychain`, and memory; or `session`, memory only),
// and whether the keychain answers, as the accounts calls report them.
import type { KeychainStatusView, TokenBackend } from '../../../shared/contract/index.ts';

/** The part of @napi-rs/keyring's AsyncEntry the store uses (an injected one in odd setups). */
export interface KeychainEntry {
  setPassword(password: string): Promise<void>;
  getPassword(): Promise<string | null>;
  deleteCredential(): Promise<boolean>;
}

export interface SecretStoreOptions {
  /** Keychain service name; tests use their own so they never touch the user's entries. */
  service?: string;
  /** Builds an entry for (service, account); defaults to @napi-rs/keyring. */
  entry?: (service: string, account: string) => KeychainEntry;
}

export class KeychainUnavailableError extends Error {
  constructor(reason: string) {
    super(`The system keychain is not available: ${reason}`);
    this.name = 'KeychainUnavailableError';
  }
}

const probeAccount = '__socialdesk_probe__';

/**
 * On Linux the store is pinned to the Secret Service (GNOME Keyring, KWallet): the library's
 * fallback, the kernel keyring, forgets everything at logout, which would look like a keychain
 * while losing tokens. Other platforms ignore the option.
 */
const entryOptions: EntryOptions = { linux: { store: 'secret-service' } };
const defaultEntry = (service: string, account: string): KeychainEntry =>
  new AsyncEntry(service, account, entryOptions);

/**
 * Tokens, one per profile (account = profile id). Kept in the OS keychain and, after the first
 * read, in main's memory; never written anywhere else. When the keychain cannot be reached a
 * token can be kept for this session only, and the store says which backend holds each token.
 */
export class SecretStore {
  readonly #service: string;
  readonly #entry: (service: string, account: string) => KeychainEntry;
  readonly #memory = new Map<string, { token: string; backend: TokenBackend }>();
  #status: Promise<KeychainStatusView> | undefined;

  constructor(options: SecretStoreOptions = {}) {
    this.#service = options.service ?? 'Socialdesk';
    this.#entry = options.entry ?? defaultEntry;
  }

  /** Probes the keychain once (write, read back, delete a throwaway entry) and remembers the answer. */
  keychainStatus(): Promise<KeychainStatusView> {
    return (this.#status ??= this.#probe());
  }

  /**
   * Probes the keychain again and remembers the new answer, for when the user asks: a keychain
   * unlocked or started after launch is then used from the next save or read on.
   */
  recheckKeychain(): Promise<KeychainStatusView> {
    // After any probe still running: two at once would delete each other's probe entry.
    const previous = this.#status ?? Promise.resolve();
    this.#status = previous.then(() => this.#probe());
    return this.#status;
  }

  async keychainAvailable(): Promise<boolean> {
    return (await this.keychainStatus()).available;
  }

  /**
   * Stores a token. 'keychain' throws KeychainUnavailableError when the keychain cannot be
   * reached, so the caller can offer 'session' (memory only) instead of falling back silently.
   */
  async save(profileId: string, token: string, backend: TokenBackend): Promise<TokenBackend> {
    if (backend === 'keychain') {
      const status = await this.keychainStatus();
      if (!status.available) throw new KeychainUnavailableError(status.reason ?? 'unknown reason');
      await this.#entry(this.#service, profileId).setPassword(token);
    } else if (await this.keychainAvailable()) {
      // Switching a profile to session-only must not leave its old token in the keychain.
      await this.#deleteFromKeychain(profileId);
    }
    this.#memory.set(profileId, { token, backend });
    return backend;
  }

  /** The token of a profile: from memory, else from the keychain (then kept in memory). */
  async get(profileId: string): Promise<string | undefined> {
    const held = this.#memory.get(profileId);
    if (held) return held.token;
    if (!(await this.keychainAvailable())) return undefined;
    const token = await this.#entry(this.#service, profileId).getPassword();
    if (token === null) return undefined;
    this.#memory.set(profileId, { token, backend: 'keychain' });
    return token;
  }

  /** Which backend holds the profile's token now; undefined when none does (as far as memory knows). */
  backendOf(profileId: string): TokenBackend | undefined {
    return this.#memory.get(profileId)?.backend;
  }

  /** Removes the token from memory and from the keychain. */
  async delete(profileId: string): Promise<void> {
    this.#memory.delete(profileId);
    if (await this.keychainAvailable()) await this.#deleteFromKeychain(profileId);
  }

  async #deleteFromKeychain(profileId: string): Promise<void> {
    await this.#entry(this.#service, profileId).deleteCredential();
  }

  async #probe(): Promise<KeychainStatusView> {
    const value = randomBytes(16).toString('hex');
    try {
      const entry = this.#entry(this.#service, probeAccount);
      await entry.setPassword(value);
      const read = await entry.getPassword();
      await entry.deleteCredential();
      if (read !== value)
        return { available: false, reason: 'the keychain did not return what was stored in it.' };
      return { available: true };
    } catch (error) {
      return { available: false, reason: describeKeychainError(error) };
    }
  }
}

/** The library's messages are technical ("DBus error: ..."); keep them, with a hint before them. */
function describeKeychainError(error: unknown): string {
  const detail = error instanceof Error ? error.message : String(error);
  if (/dbus|secret.?service|org\.freedesktop/i.test(detail)) {
    return `no Secret Service (GNOME Keyring or KWallet) answered on this desktop session (${detail}).`;
  }
  if (/locked|denied|cancel/i.test(detail)) return `the keychain is locked or refused access (${detail}).`;
  return detail;
}
