import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
// names.ts alone, not the contract's index: the preload needs the call names, not every schema.
import {
  callNames,
  CANCEL_CHANNEL,
  EVENT_CHANNEL,
  isEventName,
  type EventName,
} from '../shared/contract/names.ts';

// One function per contract call, each a plain invoke of its own channel with the call's meta
// (lane, id). ipcRenderer itself is never exposed, so the page can reach exactly the calls of
// the contract and nothing else; main validates every input and meta against the contract.
const api: Record<string, unknown> = {};
for (const name of callNames) {
  api[name] = (input?: unknown, meta?: unknown) => ipcRenderer.invoke(name, input, meta);
}

/** Asks main to stop the call sent with this id (a superseded search, a closed pane). */
api.cancel = (id: string) => {
  if (typeof id === 'string') ipcRenderer.send(CANCEL_CHANNEL, id);
};

api.on = (event: EventName, listener: (payload: unknown) => void) => {
  if (!isEventName(event)) throw new Error(`Unknown event: ${String(event)}`);
  const forward = (_: IpcRendererEvent, name: string, payload: unknown) => {
    if (name === event) listener(payload);
  };
  ipcRenderer.on(EVENT_CHANNEL, forward);
  return () => {
    ipcRenderer.removeListener(EVENT_CHANNEL, forward);
  };
};

contextBridge.exposeInMainWorld('socialdesk', api);
