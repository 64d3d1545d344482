import type { DatabaseSync } from 'node:sqlite';
import type { Faker } from '@faker-js/faker';
import { hashString } from '../../random.ts';
import { SandboxError } from '../../http/errors.ts';
import { statement } from './interaction-store.ts';

/** Interaction tags: ~12 per brand, unique by name (case-insensitive) within a brand. */

const tagNames = [
  'Urgent',
  'Refund',
  'Shipping',
  'Product feedback',
  'Influencer',
  'Spam',
  'Praise',
  'Question',
  'Bug report',
  'Partnership',
  'Giveaway',
  'VIP',
  'Follow up',
  'Complaint',
  'Press',
  'Sizing',
  'Wholesale',
  'Ambassador',
  'Escalated',
  'Restock request',
];

const iso = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

export interface Tag {
  id: number;
  brand_id: number;
  name: string;
  color: string;
  created_at: string;
  updated_at: string;
}

function toTag(row: Record<string, unknown>): Tag {
  return {
    id: Number(row.id),
    brand_id: Number(row.brand_id),
    name: String(row.name),
    color: String(row.color),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
  };
}

/** Seeds the tags of every brand; returns their ids per brand. */
export function seedTags(
  db: DatabaseSync,
  faker: Faker,
  brandIds: readonly number[],
  createdAt: number,
): Map<number, number[]> {
  const insert = db.prepare(
    'INSERT INTO community_tags (brand_id, name, color, created_at, updated_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
  );
  const result = new Map<number, number[]>();
  for (const brandId of brandIds) {
    const names = faker.helpers.arrayElements(tagNames, 12);
    const ids = names.map((name) => {
      const at = iso(createdAt + faker.number.int({ min: 0, max: 30 }) * 86_400_000);
      return Number(insert.get(brandId, name, faker.color.rgb({ casing: 'upper' }), at, at)?.id);
    });
    result.set(brandId, ids);
  }
  return result;
}

/**
 * A color for a tag created without one. "Random" to the client, but derived from brand and
 * name so a replayed test gets the same color.
 */
export function colorFor(brandId: number, name: string): string {
  const hash = hashString(`${brandId}:${name.toLowerCase()}`) & 0xffffff;
  return `#${hash.toString(16).padStart(6, '0').toUpperCase()}`;
}

export function createTag(
  db: DatabaseSync,
  brandId: number,
  name: string,
  color: string | undefined,
  now: Date,
): Tag {
  const clash = statement(
    db,
    'SELECT id FROM community_tags WHERE brand_id = ? AND name = ? COLLATE NOCASE',
  ).get(brandId, name);
  if (clash) {
    throw new SandboxError(409, `Brand ${brandId} already has a tag named "${name}".`, {
      name: [`Already used in brand ${brandId} (tag ${String(clash.id)}).`],
    });
  }
  const at = iso(now.getTime());
  const row = statement(
    db,
    'INSERT INTO community_tags (brand_id, name, color, created_at, updated_at) VALUES (?, ?, ?, ?, ?) RETURNING *',
  ).get(brandId, name, color ?? colorFor(brandId, name), at, at);
  return toTag(row as Record<string, unknown>);
}

export function listTags(db: DatabaseSync, brandIds: readonly number[]): Tag[] {
  return statement(
    db,
    'SELECT * FROM community_tags WHERE brand_id IN (SELECT value FROM json_each(?)) ORDER BY brand_id, name COLLATE NOCASE, id',
  )
    .all(JSON.stringify(brandIds))
    .map(toTag);
}

/** The ids among `tagIds` that are not tags of `brandId`. */
export function foreignTagIds(db: DatabaseSync, brandId: number, tagIds: readonly number[]): number[] {
  if (tagIds.length === 0) return [];
  const own = new Set(
    statement(
      db,
      'SELECT id FROM community_tags WHERE brand_id = ? AND id IN (SELECT value FROM json_each(?))',
    )
      .all(brandId, JSON.stringify(tagIds))
      .map((row) => Number(row.id)),
  );
  return tagIds.filter((id) => !own.has(id));
}
