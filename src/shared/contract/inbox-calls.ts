import { z } from 'zod';
import {
  communityInteractionSchema,
  dateTimeSchema,
  idSchema,
  interactionListSorts,
  interactionListTypeSchema,
  tiktokCommentSchema,
} from '../domain/index.ts';
import { listInput, listOutput } from './call-spec.ts';
import { contractErrorSchema } from './errors.ts';
import { exportIdSchema } from './exports-calls.ts';

/**
 * Calls and events of the Inbox area (issue 14): the community interactions of the chosen brands
 * (interface.md ops 16 to 20), triage through the PATCH extension (conventions §9), saved views
 * and the list's CSV export.
 *
 * The filter is the app's own shape (camelCase, one meaning per field); main turns it into the
 * service's query parameters. It holds no brands: the brands are the shell's brand picker's, so
 * a saved view or a copied link follows whichever brands are chosen when it is opened.
 */

const brandIdsInput = z
  .array(idSchema)
  .min(1, 'Choose at least one brand.')
  .max(100, 'Choose at most 100 brands.');

export const inboxSentiments = ['positive', 'negative', 'neutral'] as const;
export const inboxSentimentSchema = z.enum(inboxSentiments);
export type InboxSentiment = z.infer<typeof inboxSentimentSchema>;

/**
 * The longest search the app sends. The interface names no limit and the sandbox takes any text up
 * to its 16 kB request line; the app holds searches to this, says so at the field, and refuses a
 * longer one in words rather than dropping it.
 */
export const INBOX_SEARCH_MAX = 500;

/** A tag's name as the service takes it (conventions §9: 1 to 64 characters). */
export const tagNameSchema = z.string().trim().min(1).max(64);

/**
 * The list's orders: the service's, and `OLDEST_WAITING`, the people waiting longest for an
 * answer first (main's own, over the Needs reply list: only waiting people have a wait to order).
 */
export const inboxSortSchema = z.enum([...interactionListSorts, 'OLDEST_WAITING']);
export type InboxSort = z.infer<typeof inboxSortSchema>;

/** Every filter the interactions list offers; a field left out does not filter. */
export const inboxFilterSchema = z.object({
  types: z.array(interactionListTypeSchema).max(20).optional(),
  /**
   * Tags by id, all of them (AND). Each brand has its own ids, so ids reach one brand only: kept
   * for the saved views and links written before `tagNames`.
   */
  tagIds: z.array(idSchema).max(50).optional(),
  /**
   * Tags by name, all of them (AND), in every chosen brand: each brand's own tags of these names
   * (case aside). A brand that lacks one of the names has no interaction that matches.
   */
  tagNames: z.array(tagNameSchema).max(50).optional(),
  read: z.boolean().optional(),
  archived: z.boolean().optional(),
  followUp: z.boolean().optional(),
  sentiment: inboxSentimentSchema.optional(),
  question: z.boolean().optional(),
  assigneeId: idSchema.optional(),
  ticketId: z.string().trim().min(1).max(200).optional(),
  /** The posts (library media) the interactions are on. */
  mediaIds: z.array(idSchema).max(50).optional(),
  /** Free text; with `keywordList` a comma-separated list of keywords. */
  text: z
    .string()
    .trim()
    .min(1)
    .max(INBOX_SEARCH_MAX, `Search up to ${INBOX_SEARCH_MAX} characters.`)
    .optional(),
  keywordList: z.boolean().optional(),
  /** Only interactions that have text. */
  mustIncludeText: z.boolean().optional(),
  /** Bounds on the interaction's `source_updated_at` (ISO 8601 with a zone). */
  from: dateTimeSchema.optional(),
  to: dateTimeSchema.optional(),
  /** In conversations, apply the bounds to each message rather than the conversation. */
  messageDates: z.boolean().optional(),
  /**
   * Only interactions whose person waits for the brand's answer (`shared/domain/waiting.ts`),
   * not archived unless `archived` says otherwise. The service has no such filter: main keeps
   * them from the list's pages (`main/services/inbox/waiting-list.ts`).
   */
  needsReply: z.literal(true).optional(),
  /**
   * `-SOURCE_UPDATED_AT` newest first (the default), `SOURCE_UPDATED_AT` oldest, `RELEVANCE`,
   * `OLDEST_WAITING` (which lists only the waiting ones, as `needsReply` does).
   */
  sort: inboxSortSchema.optional(),
});
export type InboxFilter = z.output<typeof inboxFilterSchema>;
export type InboxFilterInput = z.input<typeof inboxFilterSchema>;

/** An interaction as the service gave it (every type; the `type` field tells them apart). */
export const inboxItemSchema = communityInteractionSchema;
export type InboxItem = z.output<typeof inboxItemSchema>;

const tagIdListSchema = z.array(idSchema).max(50);

/** Triage through the PATCH extension; a field left out is left as it is. */
const changeFields = {
  read: z.boolean().optional(),
  archived: z.boolean().optional(),
  followUp: z.boolean().optional(),
  /** The whole new list of tags. */
  tagIds: tagIdListSchema.optional(),
  /** null: nobody. */
  assigneeId: idSchema.nullable().optional(),
};
const changesSomething = (change: object) => Object.values(change).some((value) => value !== undefined);

// Strict, so a field the call does not take (adding tags to one row) is refused, not dropped.
export const inboxChangeSchema = z.strictObject(changeFields).refine(changesSomething, 'Nothing to change.');
export type InboxChange = z.output<typeof inboxChangeSchema>;

/**
 * A bulk action's change: as one row's, or tags added to and removed from each row's own list,
 * its other tags staying (where `tagIds` would replace every row's tags with one list).
 */
export const inboxBulkChangeSchema = z
  .strictObject({
    ...changeFields,
    addTagIds: tagIdListSchema.optional(),
    removeTagIds: tagIdListSchema.optional(),
  })
  .refine(
    ({ addTagIds, removeTagIds, ...rest }) =>
      changesSomething(rest) || Boolean(addTagIds?.length) || Boolean(removeTagIds?.length),
    'Nothing to change.',
  )
  .refine((change) => change.tagIds === undefined || (!change.addTagIds && !change.removeTagIds), {
    message: 'Either replace the tags or add and remove some, not both.',
    path: ['tagIds'],
  })
  .refine((change) => !change.addTagIds?.some((id) => change.removeTagIds?.includes(id)), {
    message: 'A tag cannot be both added and removed.',
    path: ['removeTagIds'],
  });
export type InboxBulkChange = z.output<typeof inboxBulkChangeSchema>;

/** Whether a bulk change adds or removes tags, so that each row's own tags are needed. */
export function editsTags(change: InboxBulkChange): boolean {
  return Boolean(change.addTagIds?.length || change.removeTagIds?.length);
}

/**
 * A row's tags after a bulk add or remove: its own, less those removed, plus those added; null
 * when none would change. Main sends it (the PATCH takes the whole list); the renderer shows it
 * at once, before the answer.
 */
export function editedTagIds(current: readonly number[], change: InboxBulkChange): number[] | null {
  const adding = (change.addTagIds ?? []).filter((id) => !current.includes(id));
  const removing = new Set((change.removeTagIds ?? []).filter((id) => current.includes(id)));
  if (adding.length === 0 && removing.size === 0) return null;
  return [...current.filter((id) => !removing.has(id)), ...new Set(adding)];
}

/** Unread counts (op 18) for the chosen brands and an optional range. */
export const inboxUnreadCountsSchema = z.object({
  total: z.number().int().min(0),
  byType: z.record(z.string(), z.number().int().min(0)),
  byBrand: z.record(z.string(), z.number().int().min(0)),
});
export type InboxUnreadCounts = z.output<typeof inboxUnreadCountsSchema>;

/** The overview bar (op 19). `averageResponseTime` in seconds, null when there is none. */
export const inboxOverviewSchema = z.object({
  unreadCount: z.number().int().min(0).nullable(),
  followUpCount: z.number().int().min(0).nullable(),
  totalCount: z.number().int().min(0).nullable(),
  averageResponseTime: z.number().nullable(),
});
export type InboxOverview = z.output<typeof inboxOverviewSchema>;

/** The waiting queue for the overview: how many wait for an answer, and who has waited longest. */
export const inboxWaitingSummarySchema = z.object({
  count: z.number().int().min(0),
  /** The longest waiting, with the instant (ISO) from which they wait; null when nobody waits. */
  oldest: z.object({ item: communityInteractionSchema, since: z.string() }).nullable(),
});
export type InboxWaitingSummary = z.output<typeof inboxWaitingSummarySchema>;

/** The insights panel (op 20): the four statistics for the chosen brands and range. */
export const inboxInsightsSchema = z.object({
  sentiment: z.object({
    positive: z.number(),
    negative: z.number(),
    neutral: z.number(),
    question: z.number(),
  }),
  /** One point per day: counts per sentiment. */
  sentimentSeries: z.array(
    z.object({ date: z.string(), positive: z.number(), negative: z.number(), neutral: z.number() }),
  ),
  volumeSeries: z.array(z.object({ date: z.string(), count: z.number() })),
  keywords: z.array(z.object({ keyword: z.string(), count: z.number() })),
  /** False when a range was asked for and the service refused it (the figures are for all time). */
  rangeApplied: z.boolean(),
});
export type InboxInsights = z.output<typeof inboxInsightsSchema>;

/** A saved view: named filters of the active profile. `unread` is null when it could not be read. */
export const inboxViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  filter: inboxFilterSchema,
  unread: z.number().int().min(0).nullable(),
  createdAt: z.string(),
});
export type InboxView = z.output<typeof inboxViewSchema>;

export const INBOX_BULK_MAX = 10_000;

/** What a bulk action runs over: rows picked one by one, or every row matching a filter. */
export const inboxTargetSchema = z.union([
  z.object({ ids: z.array(idSchema).min(1).max(INBOX_BULK_MAX) }),
  z.object({ filter: inboxFilterSchema }),
]);

export const inboxBulkResultSchema = z.object({
  /** The interactions as the service answered them after the change. */
  updated: z.array(inboxItemSchema),
  failed: z.array(z.object({ id: idSchema, error: contractErrorSchema })),
});
export type InboxBulkResult = z.output<typeof inboxBulkResultSchema>;

export const inboxEvents = {
  /** A bulk action's progress, at most about ten a second, and once more when it ends. */
  'inbox:bulk-progress': z.object({
    id: z.string(),
    done: z.number().int().min(0),
    total: z.number().int().min(0),
    failed: z.number().int().min(0),
  }),
} as const;
export type InboxBulkProgress = z.output<(typeof inboxEvents)['inbox:bulk-progress']>;

const brandsAndFilter = z.object({ brandIds: brandIdsInput, filter: inboxFilterSchema });
const brandsAndRange = z.object({
  brandIds: brandIdsInput,
  from: dateTimeSchema.optional(),
  to: dateTimeSchema.optional(),
});

export const inboxCalls = {
  /**
   * The filtered list, any range of it (main reads the service's pages of at most 100).
   * `countLater`: the caller takes its rows at once with a count not known whole yet (the rows
   * older than the inbox copy's period, counted by the service): the answer then says
   * `countPending`, its count being the rows known so far, and the list's next page brings it whole.
   */
  'inbox:list': {
    input: listInput(brandsAndFilter).extend({ countLater: z.boolean().default(false) }),
    output: listOutput(inboxItemSchema).extend({ countPending: z.boolean().optional() }),
  },
  /**
   * The first rows of a list as this computer's copy holds them, count as `inbox:list` gives it
   * with `countLater`, asked ahead of the person (the side panel's types): null where the copy
   * does not answer it alone. Never asks the service, and the rows are not taken as seen.
   */
  'inbox:first-screen': {
    input: brandsAndFilter.extend({ limit: z.number().int().min(1).max(100) }),
    output: listOutput(inboxItemSchema).extend({ countPending: z.boolean().optional() }).nullable(),
  },
  /** One interaction of the chosen brands, for the detail pane of the types other than TikTok. */
  'inbox:get': {
    input: z.object({ brandIds: brandIdsInput, id: idSchema }),
    output: inboxItemSchema.nullable(),
  },
  /** A TikTok comment with its video and replies (op 17). */
  'inbox:thread': { input: z.object({ id: idSchema }), output: tiktokCommentSchema },
  'inbox:unread-counts': { input: brandsAndRange, output: inboxUnreadCountsSchema },
  'inbox:overview': { input: z.object({ brandIds: brandIdsInput }), output: inboxOverviewSchema },
  'inbox:insights': { input: brandsAndRange, output: inboxInsightsSchema },
  /** The waiting queue (not archived, the chosen brands): its size and its oldest item. */
  'inbox:waiting-summary': {
    input: z.object({ brandIds: brandIdsInput }),
    output: inboxWaitingSummarySchema,
  },
  /**
   * Whether the service answers the triage PATCH (asked once per profile and remembered); when
   * not, `note` says so in plain words and the triage controls are hidden.
   */
  'inbox:capabilities': {
    input: z.undefined(),
    output: z.object({ triage: z.boolean(), note: z.string().nullable() }),
  },
  /** Triage one interaction: the service's answer. */
  'inbox:update': { input: z.object({ id: idSchema, change: inboxChangeSchema }), output: inboxItemSchema },
  /**
   * Triage many, as background calls through the rate gate; progress on `inbox:bulk-progress`
   * under `jobId`. Cancelling the call stops it; what was done stays done.
   */
  'inbox:bulk-update': {
    input: z.object({
      brandIds: brandIdsInput,
      target: inboxTargetSchema,
      change: inboxBulkChangeSchema,
      jobId: z.string().min(1).max(64),
    }),
    output: inboxBulkResultSchema,
  },
  'inbox:views': {
    input: z.object({ brandIds: brandIdsInput }),
    output: z.object({ items: z.array(inboxViewSchema) }),
  },
  'inbox:save-view': {
    input: z.object({
      name: z.string().trim().min(1, 'Give the view a name.').max(80),
      filter: inboxFilterSchema,
    }),
    output: inboxViewSchema.omit({ unread: true }),
  },
  'inbox:delete-view': { input: z.object({ id: z.string() }), output: z.object({ deleted: z.boolean() }) },
  /**
   * The filtered list to CSV through the one CSV writer: the save dialog (Electron) or the
   * downloads folder (browser shell); null when the person cancelled the dialog. Progress and
   * cancel as for every export (`exports:progress`, `exports:cancel` by `id`); the file is listed
   * with the recent exports.
   */
  'inbox:export': {
    input: z.object({
      brandIds: brandIdsInput,
      filter: inboxFilterSchema,
      /** As `exports:cancel` takes it, so this export can be cancelled by it. */
      id: exportIdSchema,
    }),
    output: z
      .object({ path: z.string(), rows: z.number().int().min(0), bytes: z.number().int().min(0) })
      .nullable(),
  },
} as const;
