import type { EventName, EventPayload } from '../../shared/contract/index.ts';

export type EventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/**
 * Events main pushes to the renderer (`rate:status`, `sync:progress`). Services emit; each shell
 * subscribes once and forwards to its window (Electron) or its event stream (browser shell).
 */
export class EventBus {
  private readonly listeners = new Set<EventListener>();

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const listener of this.listeners) listener(event, payload);
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
