import { z } from 'zod';
import { contractErrorSchema } from './errors.ts';

/**
 * Calls of replying (issue 24 §4): a reply to an interaction goes out through a reply outbox
 * (sent exactly once, waiting while the service cannot be reached), the service's support of the
 * reply extension (conventions §9) is asked once per connection, and canned replies are kept per
 * profile (the interface has no operation for preset replies).
 */

/**
 * A reply on its way: `queued` (in line), `sending` (its request in flight), `waiting` (tried,
 * no verdict: offline or the service busy; it goes again by itself), `sent` (the service has it),
 * `failed` (refused for good: `error` says why, Retry puts it back in line).
 */
export const replyStates = ['queued', 'sending', 'waiting', 'sent', 'failed'] as const;
export const replyStateSchema = z.enum(replyStates);
export type ReplyState = z.output<typeof replyStateSchema>;

export const replyViewSchema = z.object({
  /** Chosen by the app when the reply is written, so writing it twice cannot send it twice. */
  id: z.string(),
  interactionId: z.number().int(),
  brandId: z.number().int(),
  text: z.string(),
  state: replyStateSchema,
  error: contractErrorSchema.nullable(),
  /** Local UNIX milliseconds. */
  createdAt: z.number(),
  /** Local UNIX milliseconds of its last change: of two views of one reply, the later wins. */
  updatedAt: z.number(),
  /** The service's reply once sent: its id, when it says it was written, and by whom. */
  sent: z
    .object({ id: z.number().int(), createdAt: z.string().nullable(), userId: z.number().int().nullable() })
    .nullable(),
});
export type ReplyView = z.output<typeof replyViewSchema>;

export const REPLIES_UNSUPPORTED_NOTE = 'This service does not accept replies through its interface.';

export const replySupportSchema = z.object({
  /** False once the service answered 404 or 405 on the replies path of this connection. */
  supported: z.boolean(),
  note: z.string().nullable(),
});
export type ReplySupport = z.output<typeof replySupportSchema>;

export const CANNED_TITLE_MAX = 80;
export const CANNED_TEXT_MAX = 10_000;

export const cannedReplySchema = z.object({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  updatedAt: z.number(),
});
export type CannedReply = z.output<typeof cannedReplySchema>;

export const cannedReplyInputSchema = z.object({
  /** Omitted: a new canned reply. */
  id: z.string().min(1).max(64).optional(),
  title: z
    .string()
    .trim()
    .min(1, 'Give it a short name.')
    .max(CANNED_TITLE_MAX, `At most ${CANNED_TITLE_MAX} characters.`),
  text: z
    .string()
    .trim()
    .min(1, 'Write the reply.')
    .max(CANNED_TEXT_MAX, `At most ${CANNED_TEXT_MAX.toLocaleString('en-US')} characters.`),
});
export type CannedReplyInput = z.input<typeof cannedReplyInputSchema>;

const interactionRef = z.object({
  interactionId: z.number().int().min(0),
  brandId: z.number().int().min(0),
});

export const repliesCalls = {
  /** Whether this connection's service takes replies: asked once, then remembered. */
  'replies:support': { input: interactionRef, output: replySupportSchema },
  /** The replies written in this app to one interaction, oldest first, whatever their state. */
  'replies:list': {
    input: z.object({ interactionId: z.number().int().min(0) }),
    output: z.object({ items: z.array(replyViewSchema) }),
  },
  /** Puts a reply in the outbox; it is sent at once when the service can be reached. */
  'replies:send': {
    input: interactionRef.extend({
      id: z.string().uuid(),
      /** The interaction's type: it decides the network's length limit. */
      type: z.string().min(1).max(64),
      text: z.string().min(1).max(20_000),
    }),
    output: replyViewSchema,
  },
  /** A failed reply goes back in line. */
  'replies:retry': { input: z.object({ id: z.string() }), output: replyViewSchema },
  'replies:canned-list': {
    input: z.undefined(),
    output: z.object({ items: z.array(cannedReplySchema) }),
  },
  'replies:canned-save': { input: cannedReplyInputSchema, output: cannedReplySchema },
  'replies:canned-delete': {
    input: z.object({ id: z.string() }),
    output: z.object({ deleted: z.boolean() }),
  },
} as const;

export const repliesEvents = {
  /** A reply of the active profile changed state (sent, waiting, failed, ...). */
  'replies:changed': replyViewSchema,
} as const;
