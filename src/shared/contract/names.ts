/**
 * The names of the contract's calls and events, and its IPC channels, without any schema. The
 * preload script imports this file alone: it only needs the names to expose one function per
 * call, and bundling every zod schema of every area into it would grow it with each area.
 * Everyone else imports the contract through `index.ts`, which checks at compile time that the
 * calls map and this list name the same calls.
 */
export const callNames = [
  'app:info',
  'settings:get',
  'settings:update',
  'files:downloads-folder',
  'files:open-downloads-folder',
  'accounts:list',
  'accounts:add',
  'accounts:update',
  'accounts:remove',
  'accounts:switch',
  'accounts:test',
  'accounts:keychain-status',
  'accounts:rate-status',
  'accounts:connection',
  'accounts:rate-cancel-waiting',
  'accounts:start-sandbox',
  'brands:get',
  'brands:select',
  'tags:list',
  'tags:create',
  'drafts:list',
  'drafts:get',
  'drafts:create',
  'drafts:from-post',
  'drafts:post',
  'drafts:save',
  'drafts:delete',
  'drafts:sync',
  'drafts:retry',
  'drafts:resolve',
  'drafts:status',
  'drafts:unsynced-count',
  'drafts-import:choose-file',
  'drafts-import:check',
  'drafts-import:import',
  'posts:list',
  'posts:reschedule',
  'posts:delete',
  'schedule:get',
  'schedule:set-times',
  'schedule:set-time-zone',
  'schedule:slots',
  'schedule:next-free',
  'reports:data',
  'reports:export',
  'reports:best-times',
  'inbox:list',
  'inbox:first-screen',
  'inbox:get',
  'inbox:thread',
  'inbox:unread-counts',
  'inbox:overview',
  'inbox:insights',
  'inbox:waiting-summary',
  'inbox:capabilities',
  'inbox:update',
  'inbox:bulk-update',
  'inbox:views',
  'inbox:save-view',
  'inbox:delete-view',
  'inbox:export',
  'reports:configs',
  'reports:save-config',
  'reports:delete-config',
  'campaigns:list',
  'campaigns:get',
  'campaigns:update',
  'campaigns:stats',
  'campaigns:ads',
  'campaigns:add-media',
  'exports:cancel',
  'exports:recent',
  'files:reveal',
  'people:list',
  'people:name',
  'people:forget',
  'people:set-me',
  'mirror:status',
  'replies:support',
  'replies:list',
  'replies:send',
  'replies:retry',
  'replies:canned-list',
  'replies:canned-save',
  'replies:canned-delete',
  'names:list',
  'names:set',
  'names:forget',
  'media:lookup',
  'posts:open',
  'inbox:queued-changes',
  'inbox:retry-change',
  'inbox:drop-change',
] as const;

export const eventNames = [
  'rate:status',
  'service:connection',
  'sync:progress',
  'drafts:changed',
  'drafts:connection',
  'posts:changed',
  'exports:progress',
  'inbox:bulk-progress',
  'inbox:arrived',
  'inbox:notify',
  'inbox:open-item',
  'people:changed',
  'replies:changed',
  'names:changed',
  'inbox:queued-changes',
] as const;

export type CallName = (typeof callNames)[number];
export type EventName = (typeof eventNames)[number];

/** The one IPC channel main pushes events on; the event name travels in the message. */
export const EVENT_CHANNEL = 'socialdesk:event';
/** The renderer asks main to cancel a call in flight on this channel, naming the call's id. */
export const CANCEL_CHANNEL = 'socialdesk:cancel';

export function isCallName(name: unknown): name is CallName {
  return typeof name === 'string' && (callNames as readonly string[]).includes(name);
}
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && (eventNames as readonly string[]).includes(name);
}
