import { randomBytes } from 'node:crypto';

/** How long a printed or opened link works: a minute, so one left in a terminal or file soon dies. */
export const CODE_TTL_MS = 60_000;

export interface IssuedCode {
  code: string;
  /** When the code stops working, in the clock's milliseconds. */
  expiresAt: number;
  /** Settles when the code is exchanged; never, if it expires first. */
  redeemed: Promise<void>;
}

export interface OneTimeCodes {
  issue(): IssuedCode;
  /** True once for a code issued here and not yet expired; false ever after. */
  redeem(code: string): boolean;
}

/**
 * Codes that open the browser shell: each works once, within `ttlMs`. The clock is injectable so
 * tests step it instead of waiting.
 */
export function createOneTimeCodes(options: { ttlMs?: number; now?: () => number } = {}): OneTimeCodes {
  const ttlMs = options.ttlMs ?? CODE_TTL_MS;
  const now = options.now ?? Date.now;
  const pending = new Map<string, { expiresAt: number; settle: () => void }>();

  function forgetExpired(): void {
    const time = now();
    for (const [code, entry] of pending) if (entry.expiresAt <= time) pending.delete(code);
  }

  return {
    issue() {
      forgetExpired();
      const code = randomBytes(16).toString('hex');
      const expiresAt = now() + ttlMs;
      let settle!: () => void;
      const redeemed = new Promise<void>((resolve) => (settle = resolve));
      pending.set(code, { expiresAt, settle });
      return { code, expiresAt, redeemed };
    },
    redeem(code) {
      forgetExpired();
      const entry = pending.get(code);
      if (!entry) return false;
      pending.delete(code);
      entry.settle();
      return true;
    },
  };
}
