/**
 * The sandbox clock: starts at `--now` (or the real time) and runs on at real speed, so the
 * dated rules (SINGLE_METRIC withdrawal, the community brand_id withdrawal, the publisher) can be
 * tested on both sides of their dates without waiting.
 */
export interface SandboxClock {
  now(): Date;
  nowMs(): number;
  /**
   * Moves the clock forward (in-process callers only: tests step past a rate-limit window or a
   * scheduled time without sleeping).
   */
  advance(ms: number): void;
}

export interface ClockOptions {
  /**
   * Stand still at the start and move only by `advance`. For in-process tests that compare
   * times: a running clock lets a second boundary pass between a test's setup and its assertion
   * whenever the machine is busy. The CLI never sets it, so `--now` keeps running for users.
   */
  frozen?: boolean;
}

export function createClock(start?: Date | string, { frozen = false }: ClockOptions = {}): SandboxClock {
  const startMs = start === undefined ? Date.now() : new Date(start).getTime();
  if (Number.isNaN(startMs)) throw new Error(`Not a date-time: ${String(start)}`);
  // Running: the offset from the real time. Frozen: the offset from the start.
  let offset = frozen ? 0 : startMs - Date.now();
  const nowMs = frozen ? () => startMs + offset : () => Date.now() + offset;
  return {
    nowMs,
    now: () => new Date(nowMs()),
    advance(ms: number) {
      offset += ms;
    },
  };
}

/**
 * The one date-time form the sandbox stores and answers: UTC, whole seconds, fixed width
 * (`2025-01-31T12:00:00Z`), so text order in SQLite is time order.
 */
export function isoSeconds(date: Date | number): string {
  const ms = typeof date === 'number' ? date : date.getTime();
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}
