/**
 * The inbox's one counting rule, written once for every place that shows a count: the inbox's
 * subtitle, the type list, the overview bar, the filters' row counts and the saved views.
 *
 * An interaction counts as unread when it is not read **and not archived**: what the service's
 * unread counts (op 18) and its overview (op 19) count, and what a badge means. Listing
 * `is_read=false` alone (op 16) also lists the archived unread ones, which is how the Unread filter
 * once listed 393 rows beside counts of 316. So the inbox never lists across the archive: an
 * interaction is either in **To do** (not archived, the queue the inbox opens on) or in Archived,
 * and a filter that leaves `archived` out means To do. The Unread filter in To do then lists
 * exactly what the counts count.
 */

interface CountedFields {
  is_read?: boolean | null;
  is_archived?: boolean | null;
}

/** Whether this interaction is one of the unread ones every count counts. */
export function countsAsUnread(item: CountedFields): boolean {
  return item.is_read === false && item.is_archived !== true;
}

/** The archived state a filter lists: left out, it means To do (not archived). */
export function listsArchived(filter: { archived?: boolean | undefined }): boolean {
  return filter.archived ?? false;
}

/** The filter as the service is asked it: the archive side always said, To do when left out. */
export function withArchiveSide<F extends { archived?: boolean | undefined }>(
  filter: F,
): F & { archived: boolean } {
  return { ...filter, archived: listsArchived(filter) };
}
