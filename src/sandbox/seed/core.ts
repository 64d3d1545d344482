import { createHash } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { Faker } from '@faker-js/faker';
import { storeToken, tokenUserId } from './token-store.ts';

/**
 * Applications, brands, users and tokens. Fixed ids, so tests and docs can name them:
 * application 1 ("your" application) owns brands 101-103, reached by both tokens; application 2
 * owns brand 901, the foreign brand neither token reaches (403), which still has data of its own.
 */
export const reachableBrandIds = [101, 102, 103] as const;
export const foreignBrandId = 901;
export const applicationUserId = 1;
export const normalUserId = 2;

export interface CoreSeed {
  tokens: { application: string; user: string };
  brandIds: number[];
  userIds: number[];
}

/** Deterministic from the seed: a sandbox token guards nothing, and stable tokens ease scripts. */
export function sandboxToken(kind: string, seed: number): string {
  const digest = createHash('sha256').update(`socialdesk-sandbox:${kind}:${seed}`).digest('hex');
  return `sbx_${kind}_${digest.slice(0, 32)}`;
}

export function seedCore(db: DatabaseSync, faker: Faker, seed: number): CoreSeed {
  const insertApplication = db.prepare('INSERT INTO applications (id, name) VALUES (?, ?)');
  const insertBrand = db.prepare('INSERT INTO brands (id, application_id, name) VALUES (?, ?, ?)');
  const insertUser = db.prepare(
    'INSERT INTO users (id, application_id, name, email, is_application_user) VALUES (?, ?, ?, ?, ?)',
  );
  const grant = db.prepare('INSERT INTO user_brands (user_id, brand_id) VALUES (?, ?)');

  insertApplication.run(1, 'Socialdesk Sandbox');
  insertApplication.run(2, 'Another Agency');
  for (const id of reachableBrandIds) insertBrand.run(id, 1, faker.company.name());
  insertBrand.run(foreignBrandId, 2, faker.company.name());

  const userIds: number[] = [];
  const addUser = (
    id: number,
    applicationId: number,
    isApplicationUser: boolean,
    brands: readonly number[],
  ) => {
    const first = faker.person.firstName();
    const last = faker.person.lastName();
    const name = isApplicationUser ? 'Socialdesk Sandbox (service account)' : `${first} ${last}`;
    const email = faker.internet.email({ firstName: first, lastName: last }).toLowerCase();
    insertUser.run(id, applicationId, name, email, isApplicationUser ? 1 : 0);
    for (const brand of brands) grant.run(id, brand);
    userIds.push(id);
  };
  addUser(applicationUserId, 1, true, reachableBrandIds);
  addUser(normalUserId, 1, false, reachableBrandIds);
  // Teammates: assignees, approvers, campaign owners; each reaches one or two brands.
  for (let id = 3; id <= 10; id++) {
    addUser(id, 1, false, faker.helpers.arrayElements(reachableBrandIds, { min: 1, max: 2 }));
  }
  for (let id = 11; id <= 13; id++) addUser(id, 2, id === 11, [foreignBrandId]);

  const tokens = { application: sandboxToken('app', seed), user: sandboxToken('user', seed) };
  storeToken(db, tokens.application, applicationUserId);
  storeToken(db, tokens.user, normalUserId);
  storeToken(db, sandboxToken('foreign', seed), 11);
  return { tokens, brandIds: [...reachableBrandIds, foreignBrandId], userIds };
}

/**
 * Reads back what `seedCore` wrote, for a file database opened again. The database keeps only
 * token hashes, so the tokens are derived again from the seed the file was created with (kept
 * in `meta`, whatever `--seed` this start was given), and checked against those hashes.
 */
export function readCore(db: DatabaseSync): CoreSeed {
  const stamp = db.prepare("SELECT value FROM meta WHERE key = 'seeded:core'").get()?.value;
  const seed = typeof stamp === 'string' ? (JSON.parse(stamp) as { seed?: unknown }).seed : undefined;
  const application = typeof seed === 'number' ? sandboxToken('app', seed) : '';
  const user = typeof seed === 'number' ? sandboxToken('user', seed) : '';
  if (tokenUserId(db, application) !== applicationUserId || tokenUserId(db, user) !== normalUserId) {
    throw new Error('This database has no sandbox tokens: it was not made by the sandbox.');
  }
  return {
    tokens: { application, user },
    brandIds: db
      .prepare('SELECT id FROM brands ORDER BY id')
      .all()
      .map((row) => Number(row.id)),
    userIds: db
      .prepare('SELECT id FROM users ORDER BY id')
      .all()
      .map((row) => Number(row.id)),
  };
}
