/**
 * Run by drafts-import-kill.test.ts: hosts the drafts as the app does (the profile's database,
 * its outbox on a client of the test's sandbox) and imports a CSV file through the import's calls
 * behind dispatch. Its stdout says `imported <n>` once the import answered, then `synced <id>` as
 * each draft reaches the service. The test kills it with SIGKILL while the outbox is sending.
 */
import { readFileSync } from 'node:fs';
import { createApiClient } from '../../../../../../src/main/services/api/api-client.ts';
import { RateGate } from '../../../../../../src/main/services/api/rate-gate.ts';
import { dispatch, type Handlers } from '../../../../../../src/main/services/dispatch.ts';
import { createDraftsService } from '../../../../../../src/main/services/drafts/drafts-service.ts';
import { createDraftsImportHandlers } from '../../../../../../src/main/services/drafts/import/drafts-import-handlers.ts';
import { createDraftsImport } from '../../../../../../src/main/services/drafts/import/drafts-import-service.ts';
import { EventBus } from '../../../../../../src/main/services/event-bus.ts';
import { createProfileDatabases } from '../../../../../../src/main/services/storage/profile-databases.ts';
import type { DraftSummary } from '../../../../../../src/shared/contract/index.ts';
import type { BaseUrls } from '../../../../../../src/shared/domain/index.ts';

const [directory, profileId, urls, token, csvPath] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
];
const client = createApiClient({
  baseUrls: JSON.parse(urls) as BaseUrls,
  getToken: () => token,
  gate: new RateGate(),
  retryLimit: 0,
});
const events = new EventBus();
events.subscribe((event, payload) => {
  const { id, draft } = payload as { id: string; draft: DraftSummary | null };
  if (event === 'drafts:changed' && draft?.state === 'synced') console.log(`synced ${id}`);
});
const drafts = createDraftsService({
  databases: createProfileDatabases({ directory }),
  activeProfileId: () => profileId,
  profileIds: () => [profileId],
  schedulerOf: () => client.scheduler,
  originsOf: () => [],
  events,
});
const handlers = createDraftsImportHandlers(
  createDraftsImport({ drafts, activeBrandIds: () => [101, 102], platform: {} }),
) as unknown as Handlers;

const checked = await dispatch(handlers, 'drafts-import:check', {
  fileName: 'posts.csv',
  text: readFileSync(csvPath, 'utf8'),
  timeZone: 'UTC',
});
if (!checked.ok) throw new Error(`check failed: ${checked.error.message}`);
const { fingerprint, accepted } = checked.value as { fingerprint: string; accepted: number };
const imported = await dispatch(handlers, 'drafts-import:import', { fingerprint, accepted });
if (!imported.ok) throw new Error(`import failed: ${imported.error.message}`);
console.log(`imported ${(imported.value as { created: number }).created}`);
