import { INBOX_EXPORT_TYPE, type InboxFilter } from '../../../shared/contract/index.ts';
import type { CommunityApi } from '../api/community.ts';
import { writeCsv } from '../csv/csv-writer.ts';
import type { ExportsService } from '../exports/exports-service.ts';
import { INBOX_CSV_COLUMNS, inboxCsvRow } from './inbox-csv.ts';
import type { TagsOf } from './inbox-query.ts';
import { walkFilter } from './waiting-list.ts';

export interface InboxExportRequest {
  brandIds: number[];
  filter: InboxFilter;
  id: string;
}

/** A finished inbox export. */
export interface InboxExportDone {
  path: string;
  rows: number;
  bytes: number;
}

/** The brands' tag names in one request; the export writes ids if it fails. */
async function tagNamesOf(community: CommunityApi, brandIds: number[], signal: AbortSignal) {
  try {
    const tags = await community.listTags(brandIds, { signal, lane: 'background' });
    return new Map(tags.map((tag) => [tag.id, tag.name]));
  } catch {
    signal.throwIfAborted();
    return new Map<number, string>();
  }
}

/**
 * The filtered inbox list to CSV through the app's one export service (save dialog, temporary
 * file, progress, cancel, recent exports): rows walked page by page in the background lane and
 * written through the one CSV writer.
 */
export async function exportInboxList(
  request: InboxExportRequest,
  deps: { profileId: string; community: CommunityApi; exports: Pick<ExportsService, 'run'>; tagsOf: TagsOf },
  signal: AbortSignal,
): Promise<InboxExportDone | null> {
  const day = new Date().toISOString().slice(0, 10);
  const saved = await deps.exports.run(
    {
      id: request.id,
      profileId: deps.profileId,
      defaultName: `inbox-${day}.csv`,
      reportType: INBOX_EXPORT_TYPE,
      source: request.filter,
      async write(file, { signal: stop, onProgress }) {
        const tagNames = await tagNamesOf(deps.community, request.brandIds, stop);
        async function* rows() {
          for await (const item of walkFilter(deps.community, request.brandIds, request.filter, deps.tagsOf, {
            signal: stop,
          })) {
            yield inboxCsvRow(item, tagNames);
          }
        }
        return writeCsv(rows(), file, { columns: INBOX_CSV_COLUMNS, signal: stop, onProgress });
      },
    },
    signal,
  );
  return saved && { path: saved.path, rows: saved.rows, bytes: saved.bytes };
}
