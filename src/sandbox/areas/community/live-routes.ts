import type { FastifyInstance } from 'fastify';
import type { LiveInbox } from './live-inbox.ts';

/**
 * Sandbox-only control of a live sandbox (`--live N`), served under {community_url} with the same
 * tokens, and only when the sandbox lives: `POST {community_url}/_sandbox/live/next-minute` makes
 * the clock's next minute happen now and answers what it brought (`LiveMinute`), so a test or a
 * script sees an arrival without waiting a real minute.
 */
export function registerLiveRoutes(app: FastifyInstance, live: LiveInbox): void {
  app.post('/_sandbox/live/next-minute', async () => ({ data: live.nextMinute() }));
}
