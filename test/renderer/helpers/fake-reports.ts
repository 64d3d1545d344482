import {
  calls,
  ContractCallError,
  graphReportTypes,
  invalidInput,
  isContentReportType,
  migrateReportConfig,
  type CallInput,
  type CallResult,
  type ContractError,
  type ReportConfig,
  type RecentExport,
  type ReportPreview,
  type SavedReportConfig,
} from '../../../src/shared/contract/index.ts';
import type { createFakePreload } from './fake-preload.ts';

type FakePreload = ReturnType<typeof createFakePreload>;
type RecentItem = RecentExport & { exists: boolean };

/** A report's data as main previews it: rows, series or figures by the report's kind. */
export function samplePreview(config: ReportConfig, offset: number, limit: number): ReportPreview {
  const { config: sent, notes } = migrateReportConfig(config);
  const type = sent.report_type;
  if (isContentReportType(type)) {
    const count = sent.limit ?? 100;
    const rows = Array.from({ length: Math.max(0, Math.min(limit, count - offset)) }, (_, i) => ({
      rank: offset + i + 1,
      brand_id: sent.brand_ids[0]!,
      caption: `Post ${offset + i + 1}`,
      impressions: 1000 - offset - i,
    }));
    return {
      reportType: type,
      notes,
      view: {
        kind: 'table',
        columns: ['rank', 'brand_id', 'caption', 'impressions'],
        count,
        previewable: count,
        items: rows,
      },
    };
  }
  if ((graphReportTypes as readonly string[]).includes(type)) {
    return {
      reportType: type,
      notes,
      view: {
        kind: 'series',
        series: sent.brand_ids.map((brandId) => ({
          brandId,
          channel: sent.channels[0]!,
          metric: sent.metrics[0]!,
          points: [
            { date: '2026-07-01', value: brandId },
            { date: '2026-07-02', value: brandId + 5 },
          ],
        })),
      },
    };
  }
  return {
    reportType: type,
    notes,
    view: {
      kind: 'figures',
      figures: sent.brand_ids.map((brandId, i) => ({
        brandId,
        benchmarkIndustryId: null,
        isCompetitor: false,
        channel: sent.channels[0]!,
        metric: sent.metrics[0]!,
        value: i === 0 ? 1250 : 800,
        contextValue: 1000,
        change: i === 0 ? 0.25 : -0.2,
        direction: i === 0 ? 'up' : 'down',
        shareOfVoice: null,
      })),
    },
  };
}

/** An export main has been asked for and not answered yet: the test ends it. */
export interface PendingExport {
  input: CallInput<'reports:export'>;
  finish(file: RecentExport | null): void;
}

/**
 * The Reports area as main answers it, over the fake preload: previews by kind, saved
 * configurations by name (a name taken: 409 at `name`), recent exports, and exports that stay
 * pending until the test ends them (or the renderer cancels them: `cancelled`, as main answers).
 * Every input is checked against the contract's schema first, as main's dispatch does.
 */
export function installFakeReports(
  preload: FakePreload,
  init: { configs?: SavedReportConfig[]; recent?: RecentItem[] } = {},
) {
  const configs = [...(init.configs ?? [])];
  const recent = [...(init.recent ?? [])];
  const pending: PendingExport[] = [];
  const revealed: string[] = [];
  let nextId = 1;

  function answer<K extends keyof typeof calls>(name: K, handle: (input: never) => unknown): void {
    preload.answer(name, ((input: unknown) => {
      const parsed = calls[name].input.safeParse(input);
      if (!parsed.success) return { ok: false, error: invalidInput(parsed.error) };
      try {
        return Promise.resolve(handle(parsed.data as never)).then(
          (value) => ({ ok: true, value }),
          (error: unknown) => failure(error),
        );
      } catch (error) {
        return failure(error);
      }
    }) as never);
  }
  const failure = (error: unknown): CallResult<never> => {
    if (error instanceof ContractCallError) return { ok: false, error: error.toJSON() };
    throw error;
  };
  const refuse = (error: ContractError) => new ContractCallError(error);
  const byName = (a: SavedReportConfig, b: SavedReportConfig) => a.name.localeCompare(b.name);

  answer(
    'reports:data',
    ({ config, offset, limit }: CallInput<'reports:data'> & { offset: number; limit: number }) =>
      samplePreview(config as ReportConfig, offset, limit),
  );
  answer('reports:configs', () => ({ items: [...configs].sort(byName) }));
  answer(
    'reports:save-config',
    ({ id, name, config }: { id?: string; name: string; config: ReportConfig }) => {
      if (configs.some((c) => c.name === name && c.id !== id)) {
        throw refuse({
          code: 'conflict',
          message: `"${name}" is already saved; choose another name.`,
          fieldErrors: { name: ['Another saved configuration has this name.'] },
        });
      }
      const migrated = migrateReportConfig(config);
      const item: SavedReportConfig = {
        id: id ?? `cfg-${nextId++}`,
        name,
        config: migrated.config,
        notes: migrated.notes,
        updatedAt: '2026-11-24T10:00:00.000Z',
      };
      const at = configs.findIndex((c) => c.id === item.id);
      if (at >= 0) configs.splice(at, 1, item);
      else configs.push(item);
      return item;
    },
  );
  answer('reports:delete-config', ({ id }: { id: string }) => {
    const at = configs.findIndex((c) => c.id === id);
    if (at >= 0) configs.splice(at, 1);
    return { deleted: at >= 0 };
  });
  answer('exports:recent', () => ({ items: [...recent] }));
  answer('files:reveal', ({ path }: { path: string }) => {
    if (!recent.some((item) => item.path === path)) {
      throw refuse({ code: 'not_found', message: 'Not a recent export.', fieldErrors: {} });
    }
    revealed.push(path);
    return { opened: false, path };
  });
  answer('reports:export', (input: CallInput<'reports:export'>) => {
    return new Promise((resolve, reject) => {
      pending.push({
        input,
        finish(file) {
          if (file) recent.unshift({ ...file, exists: true });
          resolve(file ? { ...file, notes: [] } : null);
        },
      });
      exportRejects.set(input.id ?? '', reject);
    });
  });
  const exportRejects = new Map<string, (error: unknown) => void>();
  answer('exports:cancel', ({ id }: { id: string }) => {
    const reject = exportRejects.get(id);
    exportRejects.delete(id);
    reject?.(refuse({ code: 'cancelled', message: 'The export was cancelled.', fieldErrors: {} }));
    return { cancelled: reject !== undefined };
  });

  return { configs, recent, pending, revealed };
}

export const sampleRecent: RecentItem[] = [
  {
    id: 'e1',
    path: '/home/cm/Downloads/Socialdesk/TOTAL_METRIC.csv',
    fileName: 'TOTAL_METRIC.csv',
    reportType: 'TOTAL_METRIC',
    bytes: 2048,
    rows: 12,
    finishedAt: '2026-11-24T09:00:00.000Z',
    exists: true,
  },
  {
    id: 'e2',
    path: '/home/cm/Downloads/Socialdesk/CONTENT_OWNED.csv',
    fileName: 'CONTENT_OWNED.csv',
    reportType: 'CONTENT_OWNED',
    bytes: 5_400_000,
    rows: 40_000,
    finishedAt: '2026-11-23T09:00:00.000Z',
    exists: false,
  },
];
