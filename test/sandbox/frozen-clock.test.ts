import { afterEach, describe, expect, it, vi } from 'vitest';
import { interactionTagResponseSchema } from '../../src/shared/domain/index.ts';
import { startCommunitySandbox } from './community/community-sandbox.ts';
import type { TestSandbox } from './helpers.ts';

/**
 * What a busy machine does to a test that compares a date the sandbox wrote with its `now`: real
 * time passes a second boundary between setup and the write. Real time is moved here by faking
 * `Date` alone (timers and I/O stay real), so the slow machine is certain, not a matter of luck.
 */
describe('sandbox clock in a test sandbox', () => {
  const now = '2025-06-01T12:00:00Z';
  let sb: TestSandbox | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await sb?.close();
    sb = undefined;
  });

  async function createdAtAfterASlowSecond(options: { frozenClock?: boolean }): Promise<string> {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2030-01-01T00:00:00.500Z') });
    sb = await startCommunitySandbox({ now, ...options });
    vi.setSystemTime(Date.now() + 1_000);
    const created = await sb.call('POST', '/community/tags', {
      body: { brand_id: sb.brands[0], name: 'Slow machine' },
    });
    expect(created.status).toBe(201);
    return interactionTagResponseSchema.parse(created.body).data.created_at;
  }

  it('is frozen by default: a write is dated at `now` however long the machine took', async () => {
    expect(await createdAtAfterASlowSecond({})).toBe(now);
  });

  it('moves only by clock.advance when frozen', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    sb = await startCommunitySandbox({ now });
    sb.sandbox.clock.advance(90_000);
    vi.setSystemTime(Date.now() + 5_000);
    const created = await sb.call('POST', '/community/tags', {
      body: { brand_id: sb.brands[0], name: 'Later' },
    });
    expect(interactionTagResponseSchema.parse(created.body).data.updated_at).toBe('2025-06-01T12:01:30Z');
  });

  it('runs on in real time when not frozen (the CLI clock), which is what made such tests flaky', async () => {
    expect(await createdAtAfterASlowSecond({ frozenClock: false })).toBe('2025-06-01T12:00:01Z');
  });
});
