import {
  ContractCallError,
  migrateReportConfig,
  reportConfigSchema,
  type ReportConfig,
  type reportsCalls,
  type SavedReportConfig,
} from '../../../shared/contract/index.ts';
import { noActiveProfile } from '../accounts/profile-clients.ts';
import type { ProfilesService } from '../accounts/profiles.ts';
import type { HandlerMap } from '../dispatch.ts';
import type { ProfileDatabases } from '../storage/profile-databases.ts';
import { createSavedItems, SavedNameTakenError, type SavedItem } from '../storage/saved-items.ts';

type SavedConfigCalls = Pick<
  typeof reportsCalls,
  'reports:configs' | 'reports:save-config' | 'reports:delete-config'
>;

/**
 * The report builder's saved configurations, per profile (saved items of kind 'report-config').
 * A configuration stored before SINGLE_METRIC was withdrawn is answered as TOTAL_METRIC with a
 * note; its row is left as it was until the person saves it again.
 */
export function createSavedReportConfigs(
  databases: Pick<ProfileDatabases, 'open'>,
  now: () => number = Date.now,
) {
  // A stored body this version cannot read (a newer version wrote it) is skipped by the list.
  const items = createSavedItems<ReportConfig>(
    databases,
    'report-config',
    (body) => reportConfigSchema.parse(body),
    now,
  );

  const toSaved = (item: SavedItem<ReportConfig>): SavedReportConfig => {
    const { config, notes } = migrateReportConfig(item.body);
    return { id: item.id, name: item.name, config, notes, updatedAt: item.updatedAt };
  };

  return {
    list: (profileId: string): SavedReportConfig[] => items.list(profileId).map(toSaved),
    save(profileId: string, entry: { id?: string; name: string; config: ReportConfig }): SavedReportConfig {
      // Saved as it will be sent: a SINGLE_METRIC configuration is stored as TOTAL_METRIC.
      const { config, notes } = migrateReportConfig(entry.config);
      const saved = items.save(profileId, { id: entry.id, name: entry.name, body: config });
      return { ...toSaved(saved), notes };
    },
    remove: (profileId: string, id: string): boolean => items.remove(profileId, id),
  };
}

export type SavedReportConfigs = ReturnType<typeof createSavedReportConfigs>;

/** reports:configs, reports:save-config and reports:delete-config over the active profile. */
export function createSavedConfigHandlers(deps: {
  configs: SavedReportConfigs;
  profiles: Pick<ProfilesService, 'active'>;
}): HandlerMap<SavedConfigCalls> {
  const activeId = () => {
    const profile = deps.profiles.active();
    if (!profile) throw noActiveProfile();
    return profile.id;
  };
  return {
    'reports:configs': async () => {
      const profile = deps.profiles.active();
      return { items: profile ? deps.configs.list(profile.id) : [] };
    },
    'reports:save-config': async ({ id, name, config }) => {
      try {
        return deps.configs.save(activeId(), { id, name, config });
      } catch (error) {
        if (!(error instanceof SavedNameTakenError)) throw error;
        throw new ContractCallError({
          code: 'conflict',
          message: error.message,
          fieldErrors: { name: ['Another saved configuration has this name.'] },
        });
      }
    },
    'reports:delete-config': async ({ id }) => ({ deleted: deps.configs.remove(activeId(), id) }),
  };
}
