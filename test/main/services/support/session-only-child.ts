/**
 * Run by session-token.test.ts in a child process whose environment has no Secret Service (the
 * D-Bus address points nowhere), because the keyring library keeps its first D-Bus connection for
 * the life of a process. Prints one JSON line describing what the user would see.
 */
import { ContractCallError } from '../../../../src/shared/contract/index.ts';
import { SecretStore } from '../../../../src/main/services/accounts/secret-store.ts';
import { createAccountsFixture, exampleUrls } from './accounts-fixture.ts';

const token = process.argv[2] ?? 'missing';
const fixture = createAccountsFixture();
const status = await fixture.secrets.keychainStatus();

let keychainAttempt: unknown;
try {
  await fixture.profiles.add({
    name: 'Kiosk',
    baseUrls: exampleUrls,
    brandIds: [1],
    token,
    tokenStore: 'keychain',
    activate: true,
  });
  keychainAttempt = { ok: true };
} catch (error) {
  keychainAttempt = error instanceof ContractCallError ? error.toJSON() : { unexpected: String(error) };
}

const added = await fixture.profiles.add({
  name: 'Kiosk',
  baseUrls: exampleUrls,
  brandIds: [1],
  token,
  tokenStore: 'session',
  activate: true,
});
const list = await fixture.profiles.list();
const sameSession = await fixture.secrets.get(added.id);
const afterRestart = await new SecretStore({ service: fixture.serviceName }).get(added.id);
const fileText = fixture.fileText();

console.log(
  JSON.stringify({
    status,
    keychainAttempt,
    added,
    listed: list.profiles,
    listKeychain: list.keychain,
    backend: fixture.secrets.backendOf(added.id),
    sameSessionMatches: sameSession === token,
    afterRestart: afterRestart ?? null,
    fileHasToken: fileText.includes(token),
    fileHasProfile: fileText.includes('Kiosk'),
  }),
);
await fixture.cleanup();
