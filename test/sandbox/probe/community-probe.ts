import { describe, expect, it } from 'vitest';
import {
  communityInteractionListSchema,
  communityInteractionSchema,
  interactionTagListSchema,
  interactionTagResponseSchema,
  tiktokCommentSchema,
} from '../../../src/shared/domain/index.ts';
import { expectError, type Probe } from './probe-client.ts';

/** The per-brand forms withdrawn on 2025-05-01 and what replaces each (conventions §10). */
export const withdrawnPaths: [method: string, path: string, replacement: string][] = [
  ['GET', '/community_interactions/unread_counts', '/community_interactions/unread_interaction_counts'],
  ['GET', '/overview_stats', '/overview_stats'],
  ['PUT', '/sentiment_distribution_stats', '/sentiment_distribution_stats'],
  ['GET', '/sentiment_time_series', '/sentiment_time_series'],
  ['PUT', '/top_keywords', '/top_keywords'],
  ['GET', '/volume_time_series', '/volume_time_series'],
];

/** Ops 14-17, the PATCH extension and the list's paging (conventions §5, §6, §9). */
export function communityProbe(probe: () => Probe): void {
  describe('community: tags, interactions, TikTok comments (ops 14-17)', () => {
    const tags = () => probe().at('community', '/tags');
    const interactions = () => probe().at('community', '/community_interactions');
    let tagId = 0;

    it('op 14 creates a tag with a random #RRGGBB color (201), or the one sent', async () => {
      const created = await probe().call('POST', tags(), {
        json: { brand_id: probe().brand, name: 'Probe ✓ ทดสอบ' },
      });
      expect(created.status).toBe(201);
      const tag = interactionTagResponseSchema.parse(created.body).data;
      expect(tag).toMatchObject({ brand_id: probe().brand, name: 'Probe ✓ ทดสอบ' });
      expect(tag.color).toMatch(/^#[0-9A-F]{6}$/i);
      tagId = tag.id;
      const colored = await probe().call('POST', tags(), {
        json: { brand_id: probe().brand, name: 'Probe colored', color: '#12ab9F' },
      });
      expect(colored.body.data.color.toUpperCase()).toBe('#12AB9F');
    });

    it('op 14 refuses a duplicate name (409), bad fields (422) and the foreign brand (403)', async () => {
      const duplicate = expectError(
        await probe().call('POST', tags(), { json: { brand_id: probe().brand, name: 'probe ✓ ทดสอบ' } }),
        409,
      );
      expect(duplicate.errors).toHaveProperty('name');
      const cases: [Record<string, unknown>, string][] = [
        [{ brand_id: probe().brand, name: 'x'.repeat(65) }, 'name'],
        [{ brand_id: probe().brand }, 'name'],
        [{ brand_id: probe().brand, name: 'c', color: 'red' }, 'color'],
        [{ brand_id: probe().brand, name: 'd', id: 5 }, 'id'],
      ];
      for (const [body, field] of cases) {
        expect(
          Object.keys(expectError(await probe().call('POST', tags(), { json: body }), 422).errors),
        ).toEqual([field]);
      }
      expectError(
        await probe().call('POST', tags(), { json: { brand_id: probe().ready.foreign_brand, name: 'z' } }),
        403,
      );
    });

    it('op 15 lists the tags of brand_ids; the single brand_id is withdrawn (400 naming brand_ids)', async () => {
      const answer = await probe().get('community', '/tags', {
        query: { brand_ids: probe().ready.brands.join(',') },
      });
      const listed = interactionTagListSchema.parse(answer.body).data;
      expect(listed.find((tag) => tag.id === tagId)?.name).toBe('Probe ✓ ทดสอบ');
      expect(new Set(listed.map((tag) => tag.brand_id))).toEqual(new Set(probe().ready.brands));
      const withdrawn = expectError(
        await probe().get('community', '/tags', { query: { brand_id: probe().brand } }),
        400,
      );
      expect(withdrawn.message).toContain('brand_ids');
    });

    it('op 16 pages with next/previous that keep filters, and reports its offset', async () => {
      const query = {
        brand_ids: probe().ready.brands.join(','),
        types: 'INSTAGRAM_COMMENT,TIKTOK_COMMENT',
        limit: 5,
      };
      const first = communityInteractionListSchema.parse(
        (await probe().get('community', '/community_interactions', { query })).body,
      );
      expect(first.data.length).toBe(5);
      expect(first.data.every((item) => ['INSTAGRAM_COMMENT', 'TIKTOK_COMMENT'].includes(item.type))).toBe(
        true,
      );
      expect(first.paging).toMatchObject({ offset: 0, previous: null });
      const next = new URL(first.paging.next!);
      expect(Object.fromEntries(next.searchParams)).toEqual({ ...query, limit: '5', offset: '5' });
      const second = communityInteractionListSchema.parse((await probe().call('GET', next.toString())).body);
      expect(second.paging.offset).toBe(5);
      expect(new URL(second.paging.previous!).searchParams.get('offset')).toBe('0');
      expect(second.data.map((item) => item.id)).not.toContain(first.data[0]!.id);
    });

    it('op 16 limits: 0 counts, 100 is the maximum, 101 and a negative offset are 422', async () => {
      const brand_ids = String(probe().brand);
      const empty = communityInteractionListSchema.parse(
        (await probe().get('community', '/community_interactions', { query: { brand_ids, limit: 0 } })).body,
      );
      expect(empty.data).toEqual([]);
      expect(empty.paging.count).toBeGreaterThan(100);
      const full = await probe().get('community', '/community_interactions', {
        query: { brand_ids, limit: 100 },
      });
      expect(communityInteractionListSchema.parse(full.body).data.length).toBe(100);
      expectError(
        await probe().get('community', '/community_interactions', { query: { brand_ids, limit: 101 } }),
        422,
      );
      expectError(
        await probe().get('community', '/community_interactions', { query: { brand_ids, offset: -1 } }),
        422,
      );
      expectError(await probe().get('community', '/community_interactions'), 422);
      const withdrawn = expectError(
        await probe().get('community', '/community_interactions', { query: { brand_id: brand_ids } }),
        400,
      );
      expect(withdrawn.errors).toHaveProperty('brand_id');
    });

    it('op 17 reads a TikTok comment with its replies, or a reply by its id; 404 for other types, 403 for other brands', async () => {
      const list = communityInteractionListSchema.parse(
        (
          await probe().get('community', '/community_interactions', {
            query: {
              brand_ids: probe().ready.brands.join(','),
              types: 'TIKTOK_COMMENT,YOUTUBE_COMMENT',
              limit: 40,
              sort: 'SOURCE_UPDATED_AT',
            },
          })
        ).body,
      );
      const tiktok = list.data.find((item) => item.type === 'TIKTOK_COMMENT')!;
      const comment = tiktokCommentSchema.parse(
        (await probe().get('community', `/tiktok_comments/${tiktok.id}`)).body,
      );
      expect(comment).toMatchObject({ id: tiktok.id, type: 'TIKTOK_COMMENT', replies: expect.any(Array) });
      const youtube = list.data.find((item) => item.type === 'YOUTUBE_COMMENT')!;
      expectError(await probe().get('community', `/tiktok_comments/${youtube.id}`), 404);
      expectError(await probe().get('community', '/tiktok_comments/abc'), 404);
      // Ids rise with time across all brands, so the gaps among the reachable brands' oldest
      // interactions are the foreign brand's interactions (403) or TikTok reply ids, each of
      // which answers its reply (200, naming the comment it replies to).
      const ids = new Set(await oldestIds(probe()));
      const gaps = [...ids].flatMap((id) => (ids.has(id + 1) ? [] : [id + 1])).sort((a, b) => a - b);
      const seen: number[] = [];
      for (const gap of gaps.slice(0, 20)) {
        const answer = await probe().get('community', `/tiktok_comments/${gap}`);
        seen.push(answer.status);
        if (answer.status === 200) {
          const reply = tiktokCommentSchema.parse(answer.body);
          expect(reply).toMatchObject({ id: gap, type: 'TIKTOK_COMMENT' });
          expect(reply.tiktok_parent_comment_id).toEqual(expect.any(String));
        }
        if (answer.status === 403) break;
      }
      expect(seen.every((status) => status === 403 || status === 200)).toBe(true);
      expect(seen).toContain(403);
    });

    it('PATCH extension changes flags and tags, leaves the rest; read-only fields are 422', async () => {
      const list = communityInteractionListSchema.parse(
        (
          await probe().get('community', '/community_interactions', {
            query: { brand_ids: String(probe().brand), limit: 1 },
          })
        ).body,
      );
      const before = list.data[0]!;
      const url = probe().at('community', `/community_interactions/${before.id}`);
      const patched = await probe().call('PATCH', url, { json: { is_follow_up: true, tag_ids: [tagId] } });
      expect(patched.status).toBe(200);
      const after = communityInteractionSchema.parse(patched.body);
      expect(after).toMatchObject({
        id: before.id,
        is_follow_up: true,
        tag_ids: [tagId],
        is_read: before.is_read,
      });
      const tagged = communityInteractionListSchema.parse(
        (
          await probe().get('community', '/community_interactions', {
            query: { brand_ids: String(probe().brand), tag_ids: String(tagId) },
          })
        ).body,
      );
      expect(tagged.data.map((item) => item.id)).toEqual([before.id]);
      const refused = expectError(
        await probe().call('PATCH', url, { json: { is_read: true, text: 'edited', type: 'X' } }),
        422,
      );
      expect(refused.errors.text?.[0]).toMatch(/read-only/i);
      expect(refused.errors.type?.[0]).toMatch(/read-only/i);
      expectError(await probe().call('PATCH', url, { json: {} }), 422);
      expectError(
        await probe().call('PATCH', `${interactions()}/999999999`, { json: { is_read: true } }),
        404,
      );
    });
  });
}

/** The ids of the 100 oldest interactions of the reachable brands. */
async function oldestIds(probe: Probe): Promise<number[]> {
  const answer = await probe.get('community', '/community_interactions', {
    query: { brand_ids: probe.ready.brands.join(','), sort: 'SOURCE_UPDATED_AT', limit: 100 },
  });
  return communityInteractionListSchema.parse(answer.body).data.map((item) => item.id);
}
