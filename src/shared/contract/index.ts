import { z } from 'zod';
import type { CallResult } from './errors.ts';
import { accountCalls, rateStatusSchema, serviceConnectionSchema } from './account-calls.ts';
import { appCalls } from './app-calls.ts';
import { brandsCalls } from './brands-calls.ts';
import { campaignsCalls } from './campaigns-calls.ts';
import { composerCalls, composerEvents } from './composer-calls.ts';
import type { CallMeta, CallSpec } from './call-spec.ts';
import { draftsCalls, draftsEvents } from './drafts-calls.ts';

// Bulk scheduling from a CSV file, into the drafts outbox.
export {
  draftsImportCalls,
  IMPORT_FILE_MAX_CHARS,
  IMPORT_ROWS_MAX,
  type ImportAcceptedRow,
  type ImportCheck,
  type ImportProblem,
  type ImportProblemKind,
  type ImportRefusedRow,
} from './drafts-import-calls.ts';
import { draftsImportCalls } from './drafts-import-calls.ts';
import { exportsCalls, exportsEvents } from './exports-calls.ts';
import { inboxCalls, inboxEvents } from './inbox-calls.ts';
import { liveEvents } from './live-calls.ts';
import type { CallName, EventName } from './names.ts';
import { mirrorCalls } from './mirror-calls.ts';
import { peopleCalls, peopleEvents } from './people-calls.ts';
import { postsCalls, postsEvents } from './posts-calls.ts';

// The posting schedule: times of the week per channel and brand, free slots, "Add to queue".
export {
  scheduleCalls,
  postingScheduleSchema,
  weeklySlotSchema,
  slotTimeSchema,
  SLOTS_PER_SCHEDULE_MAX,
  type PostingSchedule,
  type PostingTimes,
  type WeeklySlot,
} from './schedule-calls.ts';
import { repliesCalls, repliesEvents } from './replies-calls.ts';
import { reportsCalls } from './reports-calls.ts';
import { scheduleCalls } from './schedule-calls.ts';
import { tagsCalls } from './tags-calls.ts';
import { triageQueueCalls, triageQueueEvents } from './triage-queue-calls.ts';

/**
 * The contract: every call the renderer may make to main, with its input schema and output
 * schema, and every event main pushes. Each area declares its calls (and events) in its own
 * `*-calls.ts` file and they are merged here; this file is the contract's one entrance (the
 * preload alone reads `names.ts`, see there). The Electron binding, the preload API, the
 * renderer's client and the web bridge are all derived from these maps. (Written by hand: the
 * libraries that type IPC either bind to Electron only or bring a whole RPC framework, and this
 * is one map.)
 */
export const calls = {
  ...appCalls,
  ...accountCalls,
  ...brandsCalls,
  ...tagsCalls,
  ...draftsCalls,
  ...draftsImportCalls,
  ...postsCalls,
  ...scheduleCalls,
  ...reportsCalls,
  ...inboxCalls,
  ...campaignsCalls,
  ...exportsCalls,
  ...peopleCalls,
  ...mirrorCalls,
  ...repliesCalls,
  ...composerCalls,
  ...triageQueueCalls,
} as const satisfies Record<CallName, CallSpec>;

export const events = {
  /** The rate gate's view of the service's limit, for the meter in the renderer. */
  'rate:status': rateStatusSchema,
  /** Whether the active profile's service answers, each time that changes (every request feeds it). */
  'service:connection': serviceConnectionSchema,
  ...draftsEvents,
  ...postsEvents,
  ...exportsEvents,
  ...inboxEvents,
  ...liveEvents,
  ...peopleEvents,
  ...repliesEvents,
  ...composerEvents,
  ...triageQueueEvents,
} as const satisfies Record<EventName, z.ZodType>;

// names.ts must name exactly these calls and events: a key here missing there fails the build.
type Exactly<A, B> = [Exclude<A, B>, Exclude<B, A>] extends [never, never] ? true : never;
const callsMatchNames: Exactly<keyof typeof calls, CallName> = true;
const eventsMatchNames: Exactly<keyof typeof events, EventName> = true;
void callsMatchNames;
void eventsMatchNames;

export type Calls = typeof calls;
export type CallInput<K extends CallName> = z.input<Calls[K]['input']>;
export type CallOutput<K extends CallName> = z.output<Calls[K]['output']>;

export type Events = typeof events;
export type EventPayload<K extends EventName> = z.output<Events[K]>;

/** Calls whose input is `undefined` take no argument. */
type CallFunction<K extends CallName, R, O> =
  undefined extends CallInput<K>
    ? (input?: CallInput<K>, options?: O) => Promise<R>
    : (input: CallInput<K>, options?: O) => Promise<R>;

type Subscribe = <E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) => () => void;

/**
 * `window.socialdesk`, exposed by the preload script. Answers are envelopes, not throws, because
 * an Error crossing contextBridge loses everything but its message. A call's meta names its lane
 * and an id; `cancel(id)` asks main to stop that call.
 */
export type PreloadApi = { [K in CallName]: CallFunction<K, CallResult<CallOutput<K>>, CallMeta> } & {
  on: Subscribe;
  cancel: (id: string) => void;
};

/** How a caller in the renderer runs one call: who waits for it, and how to abandon it. */
export interface ClientCallOptions {
  lane?: CallMeta['lane'];
  signal?: AbortSignal;
}

/** What the renderer's client offers in either shell: answers unwrapped, errors thrown as ContractCallError. */
export type SocialdeskApi = { [K in CallName]: CallFunction<K, CallOutput<K>, ClientCallOptions> } & {
  on: Subscribe;
};

export * from './errors.ts';
export * from './names.ts';
export * from './call-spec.ts';

// Each area's calls, schemas and types, for the handlers that implement them and the screens and
// forms that use them: this file is the only way in.

// The app itself and the user's preferences.
export { appCalls, type DownloadsFolder, type RevealResult } from './app-calls.ts';

// Profiles (accounts), their tokens and the rate meter.
export {
  accountCalls,
  clearTextMessage,
  profileAddSchema,
  profileSchema,
  rateStatusSchema,
  sendsTokenSafely,
  serviceConnectionSchema,
  type AccountsList,
  type ConnectionTestInput,
  type ConnectionTestResult,
  type KeychainStatusView,
  type Profile,
  type ProfileAdd,
  type ProfileUpdate,
  type ProfileView,
  type RateStatus,
  type ServiceConnection,
  type TokenBackend,
} from './account-calls.ts';

// The brand picker.
export { brandsCalls, type BrandSelection } from './brands-calls.ts';

// The Tags area.
export { tagsCalls, tagCreateInputSchema, type TagCreateInput, type TagView } from './tags-calls.ts';

// The Drafts area: drafts of scheduled posts and their sync outbox.
export {
  draftsCalls,
  draftsEvents,
  draftStates,
  draftFieldsSchema,
  draftListQuerySchema,
  type Draft,
  type DraftConflict,
  type DraftFields,
  type DraftState,
  type DraftSummary,
  type OutboxConnection,
  type SyncProgress,
  type UnsyncedDrafts,
} from './drafts-calls.ts';

// The Scheduler area: the calendar and list of scheduled posts over every channel.
export {
  postsCalls,
  postsEvents,
  postsQuerySchema,
  postViewSchema,
  type PostChange,
  type PostsQuery,
  type PostsQueryInput,
  type PostView,
} from './posts-calls.ts';

// The Reports area: report data for previews, CSV exports to disk, saved configurations.
export {
  reportsCalls,
  reportConfigSchema,
  migrateReportConfig,
  usesPutBody,
  isContentReportType,
  contentReportTypes,
  graphReportTypes,
  putReportTypes,
  PREVIEW_ROWS_MAX,
  savedReportConfigSchema,
  savedReportConfigNameSchema,
  type ReportConfig,
  type ReportConfigInput,
  type ReportNote,
  type BestTimes,
  bestTimesSchema,
  timeZoneSchema,
  type ReportPreview,
  type ReportPreviewView,
  type SavedReportConfig,
} from './reports-calls.ts';

// Every CSV export, whichever area started it: progress, the one cancel, recent exports.
export {
  exportsCalls,
  exportsEvents,
  exportIdSchema,
  INBOX_EXPORT_TYPE,
  recentExportSchema,
  type ExportProgress,
  type RecentExport,
} from './exports-calls.ts';

// The Campaigns area: a brand's campaigns, their statistics, ads, media and the edit form's PUT.
export {
  campaignsCalls,
  campaignFilterSchema,
  campaignUpdateInputSchema,
  campaignAddMediaInputSchema,
  campaignUpdateFrom,
  type CampaignAdView,
  type CampaignAdsQuery,
  type CampaignAddMediaInput,
  type CampaignFilter,
  type CampaignFilterInput,
  type CampaignRow,
  type CampaignStatsView,
  type CampaignUpdateInput,
  type CampaignView,
} from './campaigns-calls.ts';

// The Inbox area: community interactions, triage, saved views, insights.
export {
  inboxCalls,
  inboxEvents,
  inboxFilterSchema,
  inboxChangeSchema,
  inboxBulkChangeSchema,
  editsTags,
  editedTagIds,
  inboxSentiments,
  INBOX_BULK_MAX,
  INBOX_SEARCH_MAX,
  type InboxBulkChange,
  type InboxBulkProgress,
  type InboxBulkResult,
  type InboxChange,
  type InboxFilter,
  type InboxFilterInput,
  type InboxInsights,
  type InboxItem,
  type InboxOverview,
  type InboxSentiment,
  type InboxUnreadCounts,
  type InboxView,
  type InboxSort,
  type InboxWaitingSummary,
} from './inbox-calls.ts';

// The inbox mirror: how far the local copy of the inbox has got.
export { mirrorCalls, mirrorStatusSchema, type MirrorStatus } from './mirror-calls.ts';
// The address book: names for the service's user ids, per profile.
export {
  peopleCalls,
  peopleEvents,
  personNameSchema,
  PERSON_NAME_MAX,
  type AddressBook,
  type PeopleChanged,
  type Person,
} from './people-calls.ts';
// Replying to interactions: the reply outbox, the extension's support, canned replies.
export {
  repliesCalls,
  repliesEvents,
  replyStates,
  cannedReplyInputSchema,
  REPLIES_UNSUPPORTED_NOTE,
  CANNED_TITLE_MAX,
  CANNED_TEXT_MAX,
  type CannedReply,
  type CannedReplyInput,
  type ReplyState,
  type ReplySupport,
  type ReplyView,
} from './replies-calls.ts';

// The composer: names for content tags and boards, media behind ids, a post opened to edit.
export {
  composerCalls,
  composerEvents,
  mediaLookupSchema,
  NAMED_ID_NAME_MAX,
  namedIdKinds,
  namedIdKindSchema,
  namedIdNameSchema,
  namedIdSchema,
  namedIdsSchema,
  type MediaLookup,
  type NamedId,
  type NamedIdKind,
  type NamedIds,
} from './composer-calls.ts';

// The live inbox: arrivals, notifications of chosen saved views.
export { liveEvents, type InboxArrival, type InboxNotification } from './live-calls.ts';

// Triage done offline, in line for the service.
export {
  triageQueueCalls,
  triageQueueEvents,
  queuedTriageSchema,
  applyChange,
  type QueuedTriage,
  type QueuedTriageList,
} from './triage-queue-calls.ts';
