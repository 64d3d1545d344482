import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  callNames,
  EVENT_CHANNEL,
  isEventName,
  type EventName,
  type EventPayload,
  type PreloadApi,
} from '../shared/contract/index.ts';

// One function per contract call, each a plain invoke of its own channel. ipcRenderer itself is
// never exposed, so the page can reach exactly the calls of the contract and nothing else.
const api: Record<string, unknown> = {};
for (const name of callNames) {
  api[name] = (input?: unknown) => ipcRenderer.invoke(name, input);
}

api.on = <E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) => {
  if (!isEventName(event)) throw new Error(`Unknown event: ${String(event)}`);
  const forward = (_: IpcRendererEvent, name: string, payload: EventPayload<E>) => {
    if (name === event) listener(payload);
  };
  ipcRenderer.on(EVENT_CHANNEL, forward);
  return () => {
    ipcRenderer.removeListener(EVENT_CHANNEL, forward);
  };
};

contextBridge.exposeInMainWorld('socialdesk', api as PreloadApi);
