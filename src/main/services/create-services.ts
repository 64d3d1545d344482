import { join } from 'node:path';
import { createAccountHandlers } from './accounts/account-handlers.ts';
import { createLocalSandboxStarter, type LocalSandboxStarter } from './accounts/local-sandbox.ts';
import { createProfileClients } from './accounts/profile-clients.ts';
import { createProfilesService, type ProfilesBackend } from './accounts/profiles.ts';
import { createServiceConnection } from './accounts/service-connection.ts';
import { SecretStore } from './accounts/secret-store.ts';
import { createAppHandlers } from './app/app-handlers.ts';
import { createBrandSelection, type BrandSelectionBackend } from './brands/brand-selection.ts';
import { createBrandsHandlers } from './brands/brands-handlers.ts';
import { createCampaignsHandlers } from './campaigns/campaigns-handlers.ts';
import { createSettingsService, type PreferencesBackend } from './app/settings-service.ts';
import type { GateClock } from './api/gate-clock.ts';
import { warnDiagnostic } from './api/lenient.ts';
import type { Handlers } from './dispatch.ts';
import { createDraftsHandlers } from './drafts/drafts-handlers.ts';
import { createDraftsService } from './drafts/drafts-service.ts';
import { createDraftsImportHandlers } from './drafts/import/drafts-import-handlers.ts';
import { createDraftsImport } from './drafts/import/drafts-import-service.ts';
import { EventBus } from './event-bus.ts';
import { createExportsHandlers } from './exports/exports-handlers.ts';
import { createExportsService } from './exports/exports-service.ts';
import { createRecentExports } from './exports/recent-exports.ts';
import { createInboxHandlers } from './inbox/inbox-handlers.ts';
import { createOfflineTriage } from './inbox/offline/offline-triage.ts';
import { createTriageQueueHandlers } from './inbox/offline/triage-queue-handlers.ts';
import { mirrorAfterReply } from './inbox/offline/mirror-after-reply.ts';
import { SharedLoads } from './lists/shared-loads.ts';
import type { Delta } from './live/delta-poller.ts';
import { createLiveInbox } from './live/live-inbox.ts';
import { createViewNotifier } from './live/view-notifier.ts';
import { createInboxMirror, type InboxMirror } from './mirror/inbox-mirror.ts';
import { createMirrorHandlers } from './mirror/mirror-handlers.ts';
import type { Platform } from './platform.ts';
import { createAddressBook } from './people/address-book.ts';
import { createNamedIds } from './people/named-ids.ts';
import { createNamesHandlers } from './people/names-handlers.ts';
import { createPeopleHandlers } from './people/people-handlers.ts';
import { recordingPeopleSeen } from './people/people-seen.ts';
import { createComposerReads } from './posts/composer-reads.ts';
import { createPostChanges } from './posts/post-changes.ts';
import { createPostsHandlers } from './posts/posts-handlers.ts';
import { createProfileDatabases, type ProfileDatabases } from './storage/profile-databases.ts';
import { createPostingSchedule } from './schedule/posting-schedule.ts';
import { createScheduleHandlers } from './schedule/schedule-handlers.ts';
import { createRepliesHandlers } from './replies/replies-handlers.ts';
import { createRepliesService } from './replies/replies-service.ts';
import { createReportsHandlers } from './reports/reports-handlers.ts';
import { removingProfileDatabase } from './storage/remove-with-profile.ts';
import { createTagsHandlers } from './tags/tags-handlers.ts';

/** The small JSON store of the shell (electron-store in Electron, conf in the browser shell). */
export type SettingsBackend = PreferencesBackend & ProfilesBackend & BrandSelectionBackend;

export interface ServicesOptions {
  platform: Platform;
  store: SettingsBackend;
  /** Starts the local sandbox for "Explore with the local sandbox"; by default in-process. */
  localSandbox?: LocalSandboxStarter;
  /** Keychain service name; tests pass their own so they never touch the user's entries. */
  keychainService?: string;
  /** The token store; by default the OS keychain under `keychainService`. */
  secrets?: SecretStore;
  /** The API clients' fetch; tests pass one that edits answers as an odd service would. */
  fetch?: typeof globalThis.fetch;
  /**
   * Whether the inbox mirror fills itself in the background (default true). Tests about the
   * service's own answers turn it off; the mirror's tests and the benchmark leave it on.
   */
  syncMirror?: boolean;
  /**
   * Whether the live inbox asks the service what arrived every interval (default true). Tests
   * that count or break the service's requests turn it off; the live inbox's tests leave it on.
   */
  pollInbox?: boolean;
  /** The rate gates' and the inbox copy's clock; tests pass one they move themselves. */
  clock?: GateClock;
}

export interface Services {
  handlers: Handlers;
  events: EventBus;
  /** Each profile's local database (drafts, outbox, caches), for the areas' services. */
  databases: ProfileDatabases;
  /** The inbox's local copy of the active profile's brands. */
  mirror: InboxMirror;
  /**
   * Started at launch, never waited for: the temporary files of exports cut short by a kill or a
   * crash, removed. Answers their paths (none when there were none or they could not be removed).
   */
  exportLeftoversRemoved: Promise<string[]>;
  /** At launch: a sandbox profile from an earlier run gets its sandbox started again. */
  resumeLocalSandbox(): Promise<void>;
  /** Every delta of the live inbox (what arrived on the chosen brands), for a copy of the inbox. */
  onInboxDelta(listener: (delta: Delta) => void): () => void;
  close(): Promise<void>;
}

/**
 * Builds every service once and the contract's handlers on top of them. Both shells call this,
 * so the Electron app and the browser shell run the very same code behind their transport.
 */
export function createServices(options: ServicesOptions): Services {
  const events = new EventBus();
  const settings = createSettingsService(options.store);
  const secrets = options.secrets ?? new SecretStore({ service: options.keychainService });
  const databases = createProfileDatabases({ directory: join(options.platform.userDataDir, 'profiles') });
  const profiles = removingProfileDatabase(
    createProfilesService({ store: options.store, secrets }),
    databases,
  );
  const activeOrigins = () =>
    Object.values(profiles.active()?.baseUrls ?? {}).map((url) => new URL(url).origin);
  // Online or offline as every request to the active profile's service finds it: one state for
  // the whole app.
  const connection = createServiceConnection({ activeOrigins, events });
  // Another profile, or new addresses: the app says what is known of that service.
  profiles.onChange(() => connection.profileChanged());
  const clients = createProfileClients({
    profiles,
    secrets,
    onRateStatus: (status) => events.emit('rate:status', status),
    onDiagnostic: warnDiagnostic,
    clock: options.clock,
    syncShare: () => settings.get().syncSharePercent / 100,
    // Any answer from a service wakes that service's drafts outbox if it was waiting offline.
    fetch: async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      let response: Response;
      try {
        response = await (options.fetch ?? globalThis.fetch)(input, init);
      } catch (error) {
        // No answer; a request given up (cancelled, or its time ran out) says nothing either way.
        // The client hands over a Request that carries its signal, or a url and `init`'s.
        const signal = input instanceof Request ? input.signal : init?.signal;
        if (!signal?.aborted && !init?.signal?.aborted) connection.unanswered(url);
        throw error;
      }
      connection.answered(url);
      drafts.nudge(url);
      replies.nudge(url);
      triage.nudge();
      return response;
    },
  });
  const drafts = createDraftsService({
    databases,
    activeProfileId: () => profiles.active()?.id,
    profileIds: async () => (await profiles.list()).profiles.map((p) => p.id),
    schedulerOf: (id) => clients.forProfile(id).scheduler,
    originsOf: (id) => Object.values(profiles.get(id).baseUrls).map((url) => new URL(url).origin),
    events,
    onPostChanged: (profileId, channel, post) => postChanges.changed(profileId, channel, post.id, post),
  });
  // A reply the outbox sent takes its person off the waiting rows the inbox keeps.
  const replySent = new Set<(profileId: string, interactionId: number) => void>();
  const replies = createRepliesService({
    databases,
    activeProfileId: () => profiles.active()?.id,
    profileIds: async () => (await profiles.list()).profiles.map((p) => p.id),
    communityOf: (id) => clients.forProfile(id).community,
    communityUrlOf: (id) => profiles.get(id).baseUrls.community,
    events,
    onSent: (profileId, interactionId) => {
      for (const listener of replySent) listener(profileId, interactionId);
    },
  });
  profiles.onChange((stored) => {
    drafts.retain(stored.list.map((p) => p.id));
    drafts.nudge(); // new addresses or a new token: an outbox waiting offline tries them now
    replies.retain(stored.list.map((p) => p.id));
    replies.nudge();
    triage.retain(stored.list.map((p) => p.id));
    triage.nudge();
  });
  const localSandbox = options.localSandbox ?? createLocalSandboxStarter(options.platform.userDataDir);
  // Lists read again after a few seconds: long enough for a list scrolled back and forth or two
  // panes asking the same question, short enough that another tool's changes show up soon.
  const loads = new SharedLoads({ ttlMs: 5_000 });
  profiles.onChange(() => loads.invalidate());
  // Every change the app makes to a post (the Scheduler's, the drafts outbox's) goes through here.
  const postChanges = createPostChanges({ loads, events, activeProfileId: () => profiles.active()?.id });
  const brands = createBrandSelection({ profiles, backend: options.store });
  // Every CSV export (a report, the inbox's list) runs through this one, with one cancel.
  const exports = createExportsService({
    platform: options.platform,
    events,
    recent: createRecentExports(databases),
  });
  const mirror = createInboxMirror({
    databases,
    profiles,
    clients,
    retentionDays: () => settings.get().mirrorRetentionDays,
    clock: options.clock,
  });
  if (options.syncMirror !== false) mirror.start();
  else mirror.close();
  // Triage done while the service cannot be reached: into the mirror at once, sent when it answers.
  const triage = createOfflineTriage({
    databases,
    activeProfileId: () => profiles.active()?.id,
    profileIds: async () => (await profiles.list()).profiles.map((p) => p.id),
    communityOf: (id) => clients.forProfile(id).community,
    mirror,
    events,
  });
  // A reply sent (perhaps written offline) answers its interaction: the mirror's copy follows.
  replySent.add(
    mirrorAfterReply({
      communityOf: (id) => clients.forProfile(id).community,
      brandIdsOf: (id) => profiles.get(id).brandIds,
      mirror,
    }),
  );
  // Names for the service's user ids; the inbox's answers note who was seen on which brand.
  const people = createPeopleHandlers({ book: createAddressBook(databases), profiles, events });
  const appHandlers = createAppHandlers({ platform: options.platform, settings });
  const handlers: Handlers = {
    ...appHandlers,
    // A new delta interval counts from now, not after the wait already under way.
    'settings:update': async (input, context) => {
      const answer = await appHandlers['settings:update'](input, context);
      live.settingsChanged();
      return answer;
    },
    ...createAccountHandlers({
      profiles,
      secrets,
      clients,
      connection,
      startSandbox: () => localSandbox.start(),
    }),
    ...createBrandsHandlers(brands),
    ...createTagsHandlers({ clients, profiles, loads }),
    ...createCampaignsHandlers({ clients, profiles, loads }),
    ...createExportsHandlers({ exports, profiles, platform: options.platform }),
    ...createReportsHandlers({ clients, profiles, databases, exports }),
    ...recordingPeopleSeen(
      createInboxHandlers({
        clients,
        profiles,
        databases,
        loads,
        events,
        exports,
        mirror,
        triage,
        offline: () => connection.current().state === 'offline',
        onReplySent: (listener) => replySent.add(listener),
      }),
      () => profiles.active()?.id,
      people.recordSeen,
    ),
    ...createTriageQueueHandlers(triage),
    ...people.handlers,
    ...createMirrorHandlers({ mirror, profiles }),
    ...createDraftsHandlers(drafts),
    ...createDraftsImportHandlers(
      createDraftsImport({
        drafts,
        activeBrandIds: () => profiles.active()?.brandIds,
        platform: options.platform,
      }),
    ),
    ...createPostsHandlers({ clients, profiles, loads, changes: postChanges }),
    ...createScheduleHandlers({ schedule: createPostingSchedule(databases), clients, profiles }),
    ...createNamesHandlers({ names: createNamedIds(databases), profiles, events }),
    ...createComposerReads({ clients, profiles, databases }),
    ...createRepliesHandlers(replies),
  };
  // The inbox asks the service what arrived every interval, on the background lane.
  const live = createLiveInbox({
    scope: () => {
      const profile = profiles.active();
      return profile && { profileId: profile.id, brandIds: brands.get().selected };
    },
    community: () => clients.active().community,
    connectionState: () => connection.current().state,
    settings: () => settings.get(),
    events,
    notifier: createViewNotifier({ databases, settings: () => settings.get(), list: handlers['inbox:list'] }),
    // What arrives lands in the inbox's copy first, so its lists answer with it at once.
    keep: (delta) => {
      mirror.apply(delta.profileId, delta.items);
      // Changes still in line go back over the rows the service just wrote.
      triage.relay(delta.profileId, delta.items);
    },
  });
  const polling = options.pollInbox !== false;
  if (polling) live.start();
  // Another profile (or new addresses): its mark is taken now, so what arrives next is news.
  profiles.onChange(() => {
    if (polling) void live.pollNow();
  });

  // Drafts queued before the last quit (or crash) go on without waiting for a drafts call.
  drafts.resume().catch((error: unknown) => {
    console.error('socialdesk: the drafts outboxes did not resume:', (error as Error).message);
  });
  replies.resume().catch((error: unknown) => {
    console.error('socialdesk: the reply outboxes did not resume:', (error as Error).message);
  });
  triage.resume().catch((error: unknown) => {
    console.error('socialdesk: the triage outboxes did not resume:', (error as Error).message);
  });

  const exportLeftoversRemoved = exports.removeLeftovers().catch((error: unknown) => {
    console.error('socialdesk: leftover export files were not removed:', (error as Error).message);
    return [];
  });

  async function resumeLocalSandbox() {
    const profile = (await profiles.list()).profiles.find((p) => p.sandbox);
    if (!profile) return;
    const sandbox = await localSandbox.start();
    // Same database, so the same token; only the port is new. The token goes with the new
    // addresses: a new port is a new origin, to which a stored token is not carried over unasked,
    // and main knows this one because it started the sandbox that issued it. (It also restores a
    // session-only token, gone after a restart, which the user never saw.)
    await profiles.update({ id: profile.id, baseUrls: sandbox.urls, token: sandbox.tokens.user });
  }

  async function close() {
    // First and synchronously: a shell that does not wait for this promise still closes them.
    // The outboxes stop before their databases close (their requests in flight are aborted).
    live.close();
    mirror.close();
    const draftsClosed = drafts.close();
    const repliesClosed = replies.close();
    const triageClosed = triage.close();
    // Then calls still waiting at a rate gate are refused, and its timers go: none outlives the
    // app (the outboxes have given theirs up already, so none counts it as a failed send).
    clients.close();
    try {
      databases.close();
    } finally {
      await Promise.all([draftsClosed, repliesClosed, triageClosed, localSandbox.close()]);
    }
  }

  return {
    handlers,
    events,
    databases,
    mirror,
    exportLeftoversRemoved,
    resumeLocalSandbox,
    onInboxDelta: live.onDelta,
    close,
  };
}
