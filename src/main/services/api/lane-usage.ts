import type { Lane } from '../../../shared/contract/index.ts';

/**
 * Where a call counts at the gate: a person's (`interactive`), background work, or the inbox
 * copy's sync, which is background work the gate also holds to a share of each window while a
 * person works (issue 25 §2): `sync` for the small reads someone may be about to see (the live
 * delta, the rows just shown), `sync-bulk` for the long ones (the first fill, the sweep), which
 * are spread over the window and leave part of the share to the others. `idle` is background
 * work only worth doing while nobody works in the app (it waits for the person's pause): reads
 * that complete a count or a summary beside rows already shown. Main-side only: the renderer
 * names the contract's two lanes.
 */
export type GateLane = Lane | 'sync' | 'sync-bulk' | 'idle';

/** Calls sent in one window, by lane; `background` includes `sync`. */
export interface LaneCounts {
  interactive: number;
  background: number;
  sync: number;
}

const zero = (): LaneCounts => ({ interactive: 0, background: 0, sync: 0 });

/**
 * Counts the calls the gate grants per window of the application's limit, by lane, for the sync
 * budget and for the meter ("Sync used 42 of this minute's 1,000 calls").
 *
 * A window is known by its reset (`x-ratelimit-reset`). Calls granted while no window is
 * current (before the first answer, or once a reset has passed and no answer of the new window
 * has come yet) belong to the window that comes next: the first answer of it adopts them.
 */
export class LaneUsage {
  /** The window counted: its reset, or undefined for "the next one, not heard of yet". */
  #window: number | undefined;
  #counts = zero();

  /** Counts a call granted now, in the window `current` (undefined: the next). */
  count(lane: GateLane, current: number | undefined): void {
    this.#moveTo(current);
    if (lane === 'interactive') this.#counts.interactive++;
    else {
      this.#counts.background++;
      if (lane === 'sync' || lane === 'sync-bulk') this.#counts.sync++;
    }
  }

  /** The counts of window `current` (undefined: the next one, not heard of yet). */
  of(current: number | undefined): LaneCounts {
    if (current === this.#window) return { ...this.#counts };
    // Calls sent after a reset and before any answer of the new window count in it.
    if (this.#window === undefined) return { ...this.#counts };
    return zero();
  }

  #moveTo(current: number | undefined): void {
    if (current === this.#window) return;
    if (this.#window === undefined) {
      this.#window = current;
      return;
    }
    this.#window = current;
    this.#counts = zero();
  }
}
