import { afterEach, describe, expect, it } from 'vitest';
import { dispatch, type Handlers } from '../../../../src/main/services/dispatch.ts';
import {
  createSavedConfigHandlers,
  createSavedReportConfigs,
} from '../../../../src/main/services/reports/saved-configs.ts';
import {
  createProfileDatabases,
  type ProfileDatabases,
} from '../../../../src/main/services/storage/profile-databases.ts';
import { createSavedItems } from '../../../../src/main/services/storage/saved-items.ts';
import type {
  CallInput,
  CallName,
  CallOutput,
  CallResult,
  ReportConfigInput,
} from '../../../../src/shared/contract/index.ts';
import { tempDir } from '../storage/support/temp-dir.ts';

/** Saved report configurations through the contract (dispatch), on a real profile database. */

const made: ProfileDatabases[] = [];
afterEach(() => {
  for (const databases of made.splice(0)) databases.close();
});

const profileA = '3f0c2a4e-2222-4a5b-9c3d-000000000001';
const profileB = '3f0c2a4e-2222-4a5b-9c3d-000000000002';

const weekly: ReportConfigInput = {
  report_type: 'TOTAL_METRIC',
  channels: ['INSTAGRAM'],
  metrics: ['IMPRESSIONS'],
  brand_ids: [101],
  start_date: '2026-07-01',
  end_date: '2026-07-31',
  context_start_date: '2026-06-01',
  context_end_date: '2026-06-30',
};

function setUp() {
  const directory = tempDir();
  let databases = createProfileDatabases({ directory });
  made.push(databases);
  let active: string | undefined = profileA;
  let clock = Date.parse('2026-11-24T09:00:00Z');
  const handlersOn = (db: ProfileDatabases) =>
    createSavedConfigHandlers({
      configs: createSavedReportConfigs(db, () => (clock += 1000)),
      profiles: { active: () => (active ? ({ id: active } as never) : undefined) },
    }) as unknown as Handlers;
  let handlers = handlersOn(databases);
  const call = <K extends CallName>(name: K, input?: CallInput<K>) =>
    dispatch(handlers, name, input) as Promise<CallResult<CallOutput<K>>>;
  return {
    call,
    databases: () => databases,
    switchTo: (id: string | undefined) => (active = id),
    reopen() {
      databases.close();
      databases = createProfileDatabases({ directory });
      made.push(databases);
      handlers = handlersOn(databases);
    },
  };
}

function valueOf<T>(result: CallResult<T>): T {
  if (!result.ok) throw new Error(`call failed: ${result.error.code}: ${result.error.message}`);
  return result.value;
}

describe('saved report configurations', () => {
  it('are kept per profile, by name, and read back after the database is reopened', async () => {
    const app = setUp();
    valueOf(await app.call('reports:save-config', { name: 'Weekly', config: weekly }));
    valueOf(
      await app.call('reports:save-config', {
        name: 'all content',
        config: { report_type: 'CONTENT', channels: ['TIKTOK'], metrics: ['VIDEO_VIEWS'], brand_ids: [102] },
      }),
    );
    app.switchTo(profileB);
    expect(valueOf(await app.call('reports:configs')).items).toEqual([]);
    app.switchTo(profileA);
    app.reopen();
    const { items } = valueOf(await app.call('reports:configs'));
    expect(items.map((item) => item.name)).toEqual(['all content', 'Weekly']);
    expect(items[1]).toMatchObject({ config: weekly, notes: [] });
  });

  it('rename one in place, refuse a name another has at the name field, and delete by id', async () => {
    const app = setUp();
    const first = valueOf(await app.call('reports:save-config', { name: 'Weekly', config: weekly }));
    valueOf(await app.call('reports:save-config', { name: 'Monthly', config: weekly }));
    const renamed = valueOf(
      await app.call('reports:save-config', { id: first.id, name: '  Weekly, Instagram ', config: weekly }),
    );
    expect(renamed).toMatchObject({ id: first.id, name: 'Weekly, Instagram' });

    const taken = await app.call('reports:save-config', { id: first.id, name: 'Monthly', config: weekly });
    expect(taken).toMatchObject({
      ok: false,
      error: { code: 'conflict', fieldErrors: { name: [expect.any(String)] } },
    });

    expect(valueOf(await app.call('reports:delete-config', { id: first.id }))).toEqual({ deleted: true });
    expect(valueOf(await app.call('reports:delete-config', { id: first.id }))).toEqual({ deleted: false });
    expect(valueOf(await app.call('reports:configs')).items.map((item) => item.name)).toEqual(['Monthly']);
  });

  it('refuse a configuration the report rules refuse, at its field', async () => {
    const app = setUp();
    const withoutComparison = { ...weekly, context_start_date: undefined };
    const refused = await app.call('reports:save-config', { name: 'Broken', config: withoutComparison });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', fieldErrors: { 'config.context_start_date': [expect.any(String)] } },
    });
    expect(valueOf(await app.call('reports:configs')).items).toEqual([]);
  });

  it('answer a stored SINGLE_METRIC configuration as TOTAL_METRIC, with a note', async () => {
    const app = setUp();
    // As an earlier version stored it, before SINGLE_METRIC was withdrawn.
    createSavedItems(app.databases(), 'report-config', (body) => body).save(profileA, {
      name: 'Old single metric',
      body: { ...weekly, report_type: 'SINGLE_METRIC' },
    });
    const [old] = valueOf(await app.call('reports:configs')).items;
    expect(old).toMatchObject({
      name: 'Old single metric',
      config: { ...weekly, report_type: 'TOTAL_METRIC' },
      notes: [expect.objectContaining({ code: 'report_type_migrated' })],
    });
    // Saving it again stores TOTAL_METRIC, so the note is not said again.
    valueOf(await app.call('reports:save-config', { id: old!.id, name: old!.name, config: old!.config }));
    expect(valueOf(await app.call('reports:configs')).items[0]).toMatchObject({
      config: { report_type: 'TOTAL_METRIC' },
      notes: [],
    });
  });

  it('need a profile to save, and list none without one', async () => {
    const app = setUp();
    app.switchTo(undefined);
    expect(valueOf(await app.call('reports:configs')).items).toEqual([]);
    expect(await app.call('reports:save-config', { name: 'Weekly', config: weekly })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });
});
