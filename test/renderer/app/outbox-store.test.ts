import { flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, describe, expect, it } from 'vitest';
import { useAccountsStore } from '../../../src/renderer/src/app/accounts-store.ts';
import { useOutboxStore } from '../../../src/renderer/src/app/outbox-store.ts';
import type { CallOutput, CallResult } from '../../../src/shared/contract/index.ts';
import { sampleProfile } from '../helpers/fake-accounts.ts';
import { createFakePreload } from '../helpers/fake-preload.ts';

afterEach(() => {
  delete window.socialdesk;
});

type Status = CallOutput<'drafts:status'>;
const status = (state: Status['connection']['state']): Status => ({
  connection: { state, retryAt: null },
  progress: { pending: 0, done: 0, failed: 0 },
  counts: { local: 0, queued: 0, syncing: 0, synced: 0, failed: 0, conflict: 0 },
});

describe('outbox store', () => {
  it("shows the connection of the profile switched to, not the previous one's late answer", async () => {
    const other = { ...sampleProfile, id: 'profile-2', name: 'Other brand' };
    const preload = createFakePreload({ accounts: { profiles: [sampleProfile, other] } }).install();
    // The first profile's outbox answers late, and is offline; the second one's answers at once.
    let answerLate!: () => void;
    preload.answer('drafts:status', () => {
      preload.answer('drafts:status', () => ({ ok: true, value: status('online') }));
      return new Promise<CallResult<Status>>((resolve) => {
        answerLate = () => resolve({ ok: true, value: status('offline') });
      });
    });
    setActivePinia(createPinia());
    const accounts = useAccountsStore();
    const outbox = useOutboxStore();
    await accounts.ensureLoaded();
    await flushPromises();

    await accounts.switchTo(other.id);
    await flushPromises();
    expect(outbox.connection.state).toBe('online');

    answerLate();
    await flushPromises();
    expect(outbox.connection.state).toBe('online');
  });
});
