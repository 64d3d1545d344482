import {
  scheduledPostListSchemas,
  scheduledPostSchemas,
  type Paging,
  type ScheduledPostCreateOf,
  type ScheduledPostListQueryInput,
  type ScheduledPostOf,
  type ScheduledPostReadQuery,
  type ScheduledPostUpdateOf,
  type SchedulerChannel,
} from '../../../shared/domain/index.ts';
import { ApiError } from './api-error.ts';
import type { CallOptions } from './campaigns.ts';
import type { HttpClient, RequestSpec } from './http-client.ts';
import { walkItems } from './paging.ts';

export interface ScheduledPostList<C extends SchedulerChannel> {
  data: ScheduledPostOf<C>[];
  paging: Paging;
}

/**
 * Scheduled posts ({scheduler_url}/{channel}/scheduled_posts): create, list, read, update and
 * delete on every channel (interface.md ops 6 to 11, completed by conventions §7). One generic
 * set of functions; the channel picks the body and answer types.
 */
export function createSchedulerApi(http: HttpClient) {
  const postsPath = (channel: SchedulerChannel) => `${channel}/scheduled_posts`;

  const listSpec = (
    channel: SchedulerChannel,
    query: ScheduledPostListQueryInput,
    options: CallOptions,
  ): RequestSpec => ({
    operation: `scheduler.${channel}.list`,
    area: 'scheduler',
    method: 'GET',
    path: postsPath(channel),
    query,
    schema: scheduledPostListSchemas[channel],
    signal: options.signal,
    lane: options.lane,
  });

  const api = {
    /** One page of a channel's posts. A normal user must name brand_id or brand_ids. */
    list<C extends SchedulerChannel>(
      channel: C,
      query: ScheduledPostListQueryInput = {},
      options: CallOptions = {},
    ): Promise<ScheduledPostList<C>> {
      return http.send(listSpec(channel, query, options));
    },

    /** Every page: yields each post, following `paging.next`. */
    iterate<C extends SchedulerChannel>(
      channel: C,
      query: ScheduledPostListQueryInput = {},
      options: CallOptions = {},
    ): AsyncGenerator<ScheduledPostOf<C>> {
      return walkItems(http, listSpec(channel, query, options));
    },

    get<C extends SchedulerChannel>(
      channel: C,
      postId: number,
      query: ScheduledPostReadQuery = {},
      options: CallOptions = {},
    ): Promise<ScheduledPostOf<C>> {
      return http.send({
        operation: `scheduler.${channel}.get`,
        area: 'scheduler',
        method: 'GET',
        path: `${postsPath(channel)}/${postId}`,
        query,
        schema: scheduledPostSchemas[channel].post,
        signal: options.signal,
        lane: options.lane,
      });
    },

    /**
     * Creates a post. A POST is never re-sent blindly; when no answer came (network error,
     * timeout) and the body carries a `source_id`, the post is looked up by it instead, so a
     * create that did happen is found rather than made twice.
     */
    async create<C extends SchedulerChannel>(
      channel: C,
      body: ScheduledPostCreateOf<C>,
      options: CallOptions = {},
    ): Promise<ScheduledPostOf<C>> {
      try {
        return await http.send({
          operation: `scheduler.${channel}.create`,
          area: 'scheduler',
          method: 'POST',
          path: postsPath(channel),
          json: body,
          schema: scheduledPostSchemas[channel].post,
          signal: options.signal,
          lane: options.lane,
        });
      } catch (error) {
        const sourceId = (body as { source_id?: string | null }).source_id;
        const unanswered =
          error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
        if (!unanswered || !sourceId) throw error;
        const found = await api.findBySourceId(channel, body.brand_id, sourceId, options);
        if (found) return found;
        throw error;
      }
    },

    /** The post created with this client-side `source_id`, if any. */
    async findBySourceId<C extends SchedulerChannel>(
      channel: C,
      brandId: number,
      sourceId: string,
      options: CallOptions = {},
    ): Promise<ScheduledPostOf<C> | undefined> {
      const page = await api.list(channel, { brand_id: brandId, source_ids: [sourceId], limit: 1 }, options);
      return page.data[0];
    },

    /** PATCH: omitted fields stay as they are. */
    update<C extends SchedulerChannel>(
      channel: C,
      postId: number,
      body: ScheduledPostUpdateOf<C>,
      options: CallOptions = {},
    ): Promise<ScheduledPostOf<C>> {
      return http.send({
        operation: `scheduler.${channel}.update`,
        area: 'scheduler',
        method: 'PATCH',
        path: `${postsPath(channel)}/${postId}`,
        json: body,
        schema: scheduledPostSchemas[channel].post,
        signal: options.signal,
        lane: options.lane,
      });
    },

    async delete(channel: SchedulerChannel, postId: number, options: CallOptions = {}): Promise<void> {
      await http.send({
        operation: `scheduler.${channel}.delete`,
        area: 'scheduler',
        method: 'DELETE',
        path: `${postsPath(channel)}/${postId}`,
        signal: options.signal,
        lane: options.lane,
      });
    },
  };
  return api;
}

export type SchedulerApi = ReturnType<typeof createSchedulerApi>;
