/**
 * Run by drafts-crash.test.ts: hosts the drafts as the app does (the profile's database, the
 * drafts handlers behind dispatch) and makes `saves` saves over `drafts` drafts, as fast as it
 * can. Each line on stdout acknowledges one call that returned: `created <id>`, then
 * `saved <i> <id>`. The test kills it with SIGKILL somewhere in the middle.
 */
import { createDraftsHandlers } from '../../../../../src/main/services/drafts/drafts-handlers.ts';
import { createDraftsService } from '../../../../../src/main/services/drafts/drafts-service.ts';
import { dispatch, type Handlers } from '../../../../../src/main/services/dispatch.ts';
import { EventBus } from '../../../../../src/main/services/event-bus.ts';
import { createProfileDatabases } from '../../../../../src/main/services/storage/profile-databases.ts';

const [directory, profileId, draftCount, saveCount] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
];
const drafts = createDraftsService({
  databases: createProfileDatabases({ directory }),
  activeProfileId: () => profileId,
  profileIds: () => [profileId],
  schedulerOf: () => {
    throw new Error('offline: this process never reaches a service');
  },
  originsOf: () => [],
  events: new EventBus(),
});
const handlers = createDraftsHandlers(drafts) as unknown as Handlers;

async function call(name: 'drafts:create' | 'drafts:save', input: unknown): Promise<{ id: string }> {
  const result = await dispatch(handlers, name, input);
  if (!result.ok) throw new Error(`${name} failed: ${result.error.message}`);
  return result.value as { id: string };
}

const ids: string[] = [];
for (let k = 0; k < Number(draftCount); k++) {
  const { id } = await call('drafts:create', {
    channel: 'threads',
    brandId: 101,
    fields: { text: 'new', n: -1 },
  });
  ids.push(id);
  process.stdout.write(`created ${id}\n`);
}
for (let i = 0; i < Number(saveCount); i++) {
  const id = ids[i % ids.length]!;
  await call('drafts:save', { id, fields: { text: `Save number ${i}`, n: i } });
  process.stdout.write(`saved ${i} ${id}\n`);
}
process.stdout.write('finished\n');
