import type { DatabaseSync } from 'node:sqlite';
import {
  recentExportSchema,
  type InboxFilter,
  type RecentExport,
  type ReportConfig,
} from '../../../shared/contract/index.ts';
import type { ProfileDatabases } from '../storage/profile-databases.ts';
import { transaction } from '../storage/transaction.ts';

/** How many finished exports a profile keeps; older ones are forgotten (their files stay). */
export const RECENT_EXPORTS_KEPT = 50;

interface ExportRow {
  id: string;
  path: string;
  file_name: string;
  report_type: string;
  bytes: number;
  rows: number;
  finished_at: number;
}

/**
 * The finished exports of each profile, in its own database (table `report_exports`), newest
 * first. They are what "show in folder" may open: a path the renderer names is revealed only when
 * it is one of these.
 */
export function createRecentExports(databases: Pick<ProfileDatabases, 'open'>) {
  const db = (profileId: string): DatabaseSync => databases.open(profileId);

  return {
    /** `config`: what the file was made from (a report's configuration, the inbox's filter). */
    add(profileId: string, entry: RecentExport, config: ReportConfig | InboxFilter): void {
      const database = db(profileId);
      transaction(database, () => {
        // A file saved again at the same path replaces the older entry: one path, one row.
        database.prepare('DELETE FROM report_exports WHERE path = ?').run(entry.path);
        database
          .prepare(
            `INSERT INTO report_exports (id, path, file_name, report_type, bytes, rows, finished_at, config)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            entry.id,
            entry.path,
            entry.fileName,
            entry.reportType,
            entry.bytes,
            entry.rows,
            Date.parse(entry.finishedAt),
            JSON.stringify(config),
          );
        database
          .prepare(
            `DELETE FROM report_exports WHERE id NOT IN
               (SELECT id FROM report_exports ORDER BY finished_at DESC, rowid DESC LIMIT ?)`,
          )
          .run(RECENT_EXPORTS_KEPT);
      });
    },

    list(profileId: string): RecentExport[] {
      const rows = db(profileId)
        .prepare(
          `SELECT id, path, file_name, report_type, bytes, rows, finished_at
           FROM report_exports ORDER BY finished_at DESC, rowid DESC`,
        )
        .all() as unknown as ExportRow[];
      return rows.flatMap((row) => {
        // A report type this version does not know (a newer one wrote it) is left out.
        const reportType = recentExportSchema.shape.reportType.safeParse(row.report_type);
        if (!reportType.success) return [];
        return [
          {
            id: row.id,
            path: row.path,
            fileName: row.file_name,
            reportType: reportType.data,
            bytes: row.bytes,
            rows: row.rows,
            finishedAt: new Date(row.finished_at).toISOString(),
          },
        ];
      });
    },

    /** Whether `path` is one of the profile's recent exports. */
    has(profileId: string, path: string): boolean {
      return (
        db(profileId).prepare('SELECT 1 FROM report_exports WHERE path = ? LIMIT 1').get(path) !== undefined
      );
    },
  };
}

export type RecentExports = ReturnType<typeof createRecentExports>;
