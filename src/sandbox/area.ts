import type { DatabaseSync } from 'node:sqlite';
import type { Faker } from '@faker-js/faker';
import type { FastifyInstance } from 'fastify';
import type { ServiceArea } from '../shared/domain/index.ts';

/** Everything an area's seed step may build on; the same seed gives the same data. */
export interface SeedContext {
  db: DatabaseSync;
  /** Seeded faker: draw from it in a fixed order so the data is reproducible. */
  faker: Faker;
  /** Volume multiplier (`--scale N`). */
  scale: number;
  /** The sandbox clock at seeding time. */
  now: Date;
  /** Every brand id, reachable or not (the foreign brand included: it has data too). */
  brandIds: number[];
  /** User ids per brand, for creators, assignees, approvers and brand replies. */
  userIds: number[];
}

/** What an area's routes may use at request time. */
export interface AreaContext {
  db: DatabaseSync;
  /** The sandbox clock (`--now` moves it; it runs on from there). */
  now(): Date;
  /** Absolute base URL of this area, e.g. http://127.0.0.1:4010/community, for paging links. */
  baseUrl(): string;
  /** Whether this sandbox serves an extension of conventions.md (`--without` leaves one out). */
  offers(extension: 'replies'): boolean;
}

export interface SandboxArea {
  /** Served under `/<name>`, the path of the base URL it stands for. */
  name: ServiceArea;
  /** CREATE TABLE / CREATE INDEX IF NOT EXISTS for this area's tables. */
  createTables(db: DatabaseSync): void;
  /** Fills this area's tables in a new database. Runs inside one transaction. */
  seed(ctx: SeedContext): void;
  /** Registers this area's routes on an instance already prefixed with `/<area>`. */
  routes(app: FastifyInstance, ctx: AreaContext): void | Promise<void>;
  /** Background work on the sandbox clock (the scheduler's publisher); returns a stop function. */
  start?(ctx: AreaContext): () => void;
}
