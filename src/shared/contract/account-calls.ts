import { z } from 'zod';
import { perServiceArea, type BaseUrls } from '../domain/index.ts';

/**
 * Calls about profiles (accounts) and their tokens. A token goes IN (add, update, test of a
 * draft) and never comes OUT: no output schema below has a token field, and outputs are
 * `z.object` (which drops unknown keys), so even a handler that returned one could not leak it.
 */

/**
 * Whether a token may be sent to `url` at all: over https://, or over http:// to this computer
 * only (127.0.0.0/8, ::1, localhost: the local sandbox), where clear text never crosses a network.
 * The WHATWG parser writes every IPv4 form (127.1, 0x7f000001) and IPv6 form as one canonical
 * hostname, so these few comparisons cover them all.
 */
export function sendsTokenSafely(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const { protocol, hostname } = new URL(url);
  if (protocol === 'https:') return true;
  return (
    protocol === 'http:' &&
    (hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname))
  );
}

export const clearTextMessage =
  'Use https:// here: http:// is allowed only for this computer (localhost, 127.0.0.1, ::1), ' +
  'because anywhere else the token would travel in clear text.';

const httpUrlSchema = z.url({
  protocol: /^https?$/,
  error: 'Must be an http:// or https:// address.',
  abort: true, // one message per field: no clear-text warning about something not an address
});
const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/** An address a call may name: the token will be sent there. */
const baseUrlSchema = httpUrlSchema
  .refine(sendsTokenSafely, { error: clearTextMessage })
  .transform(withoutTrailingSlash);

/** One address per service area, each one a token may be sent to. */
export const baseUrlsSchema = z.object(perServiceArea(() => baseUrlSchema)) satisfies z.ZodType<BaseUrls>;

/**
 * An address as stored and shown: any http(s) one, so a profile saved before the rule above
 * still loads and can be edited (rather than vanish with its keychain entry). Its client refuses
 * to send the token to an address that fails `sendsTokenSafely`.
 */
const storedBaseUrlSchema = httpUrlSchema.transform(withoutTrailingSlash);
const storedBaseUrlsSchema = z.object(
  perServiceArea(() => storedBaseUrlSchema),
) satisfies z.ZodType<BaseUrls>;

export const tokenBackendSchema = z.enum(['keychain', 'session']);
export type TokenBackend = z.infer<typeof tokenBackendSchema>;

const tokenSchema = z.string().trim().min(1, 'Paste the token.').max(4096);
const nameSchema = z.string().trim().min(1, 'Give the profile a name.').max(80);
const brandIdsSchema = z.array(z.number().int().min(0)).min(1, 'Name at least one brand id.').max(100);

/** A profile as stored (no token) and as shown. */
export const profileSchema = z.object({
  id: z.string().min(1),
  name: nameSchema,
  baseUrls: storedBaseUrlsSchema,
  brandIds: brandIdsSchema,
  /** Where its token is kept: the OS keychain, or memory for this session only. */
  tokenStore: tokenBackendSchema,
  /** Created by "Explore with the local sandbox". */
  sandbox: z.boolean().optional(),
});
export type Profile = z.output<typeof profileSchema>;

export const profileViewSchema = profileSchema.extend({
  /** False when a session-only token was lost at restart, or the keychain entry is gone. */
  hasToken: z.boolean(),
  active: z.boolean(),
});
export type ProfileView = z.output<typeof profileViewSchema>;

export const keychainStatusSchema = z.object({
  available: z.boolean(),
  reason: z.string().optional(),
});
export type KeychainStatusView = z.output<typeof keychainStatusSchema>;

export const accountsListSchema = z.object({
  profiles: z.array(profileViewSchema),
  activeId: z.string().nullable(),
  keychain: keychainStatusSchema,
});
export type AccountsList = z.output<typeof accountsListSchema>;

export const profileAddSchema = z.object({
  name: nameSchema,
  baseUrls: baseUrlsSchema,
  brandIds: brandIdsSchema,
  token: tokenSchema,
  tokenStore: tokenBackendSchema.default('keychain'),
  /** Make it the active profile (default true). */
  activate: z.boolean().default(true),
});
export type ProfileAdd = z.output<typeof profileAddSchema>;

export const profileUpdateSchema = z.object({
  id: z.string().min(1),
  name: nameSchema.optional(),
  baseUrls: baseUrlsSchema.optional(),
  brandIds: brandIdsSchema.optional(),
  /** Omitted: the stored token is kept. */
  token: tokenSchema.optional(),
  /** Moves the token between keychain and session memory. */
  tokenStore: tokenBackendSchema.optional(),
});
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** Test a saved profile by id, or the form's values before saving. */
export const connectionTestInputSchema = z.union([
  z.object({ id: z.string().min(1) }),
  z.object({ baseUrls: baseUrlsSchema, brandIds: brandIdsSchema, token: tokenSchema }),
]);
export type ConnectionTestInput = z.output<typeof connectionTestInputSchema>;

export const connectionTestResultSchema = z.object({
  ok: z.boolean(),
  /** One plain sentence for the settings page. */
  message: z.string(),
  /** Contract error code when not ok: unauthorized, forbidden, offline, rate_limited, ... */
  code: z.string().optional(),
  status: z.number().int().optional(),
  /** The limit the service announced, when it answered. */
  rate: z.object({ limit: z.number().int(), remaining: z.number().int() }).optional(),
});
export type ConnectionTestResult = z.output<typeof connectionTestResultSchema>;

/**
 * The rate gate's view of the active profile's limit, as `rate:status` carries it and
 * `accounts:rate-status` answers: the one definition main's gate fills in and the meter reads.
 */
export const rateStatusSchema = z.object({
  /** Calls allowed per window, 0 while unknown (the meter then hides). */
  limit: z.number().int(),
  /** Calls the gate believes are left in the current window. */
  remaining: z.number().int(),
  /** Local UNIX milliseconds at which the gate expects the window to reset, 0 while unknown. */
  resetAt: z.number(),
  /** Local UNIX milliseconds until which the service refuses every call (it answered 429), 0 when not. */
  throttledUntil: z.number(),
  /**
   * Whether `remaining` is the gate's reckoning rather than the service's word: a new window has
   * begun and no answer of it has come yet, so its whole budget is assumed.
   */
  estimate: z.boolean(),
  /** Requests waiting at the gate, both lanes. */
  queued: z.number().int(),
  /** Of `queued`: calls a person waits for, and background work (sync, exports, prefetch). */
  queuedInteractive: z.number().int(),
  queuedBackground: z.number().int(),
  /**
   * Calls sent in the current window, by lane: a person's, background work, and of the latter
   * the inbox copy's sync (the meter says what sync spends).
   */
  sent: z.object({ interactive: z.number().int(), background: z.number().int(), sync: z.number().int() }),
});
export type RateStatus = z.output<typeof rateStatusSchema>;

/**
 * Whether the active profile's service answers, as the last request to it found: any answer (an
 * error status included) is `online`, a request that got none (refused, reset, unreachable) is
 * `offline`; `unknown` until the first request of the profile. `since` is when it last changed
 * (local UNIX milliseconds), null while unknown. Every request of the app feeds it, whichever
 * area or background job (the drafts outbox, an export) sent it.
 */
export const serviceConnectionSchema = z.object({
  state: z.enum(['unknown', 'online', 'offline']),
  since: z.number().nullable(),
});
export type ServiceConnection = z.output<typeof serviceConnectionSchema>;

/** The person's calls waiting at the rate gate that the meter's Cancel gave up, unsent. */
export const rateCancelResultSchema = z.object({ cancelled: z.number().int() });

const idInput = z.object({ id: z.string().min(1) });

export const accountCalls = {
  'accounts:list': { input: z.undefined(), output: accountsListSchema },
  'accounts:add': { input: profileAddSchema, output: profileViewSchema },
  'accounts:update': { input: profileUpdateSchema, output: profileViewSchema },
  'accounts:remove': { input: idInput, output: accountsListSchema },
  'accounts:switch': { input: idInput, output: profileViewSchema },
  'accounts:test': { input: connectionTestInputSchema, output: connectionTestResultSchema },
  'accounts:keychain-status': { input: z.undefined(), output: keychainStatusSchema },
  /** The last `rate:status`, so a page opened later shows the meter at once. */
  'accounts:rate-status': { input: z.undefined(), output: rateStatusSchema },
  /** The last `service:connection`, so a page opened later says online or offline at once. */
  'accounts:connection': { input: z.undefined(), output: serviceConnectionSchema },
  /** Stops the person's calls waiting at the active profile's rate gate (they fail, unsent). */
  'accounts:rate-cancel-waiting': { input: z.undefined(), output: rateCancelResultSchema },
  /** First run: start the local sandbox in main and open a profile on it. */
  'accounts:start-sandbox': { input: z.undefined(), output: profileViewSchema },
} as const;
