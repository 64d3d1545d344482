import type { IpcMain, IpcMainEvent, IpcMainInvokeEvent, WebFrameMain } from 'electron';
import { CANCEL_CHANNEL, callNames, type CallResult } from '../../shared/contract/index.ts';
import { dispatch, type Handlers } from '../services/dispatch.ts';

/** Is this frame the app's own top-level page? Set by the window module. */
export type FrameCheck = (frame: WebFrameMain | null) => boolean;

const forbidden: CallResult<never> = {
  ok: false,
  error: {
    code: 'forbidden',
    message: 'This call is only answered for the Socialdesk window.',
    fieldErrors: {},
  },
};

/** The id a call's meta names, if it names one: the handle a later cancel refers to. */
function callIdOf(meta: unknown): string | undefined {
  const id = typeof meta === 'object' && meta !== null ? (meta as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? id : undefined;
}

/**
 * Binds every contract call to `ipcMain.handle`: the sender frame is checked first (a frame
 * that is not our own page gets 'forbidden'), then `dispatch` validates the input and meta
 * against the contract. A call whose meta names an id can be cancelled on CANCEL_CHANNEL by the
 * same page: its handler's signal aborts, and with it the requests it has queued or sent.
 * Returns a function that removes the handlers again.
 */
export function bindContract(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler' | 'on' | 'removeListener'>,
  handlers: Handlers,
  isTrustedFrame: FrameCheck,
) {
  /** Calls in flight that can be cancelled, by sender and id. */
  const inFlight = new Map<string, AbortController>();
  const keyOf = (event: IpcMainInvokeEvent | IpcMainEvent, id: string) => `${event.sender?.id ?? 0}:${id}`;

  for (const name of callNames) {
    ipcMain.handle(name, async (event: IpcMainInvokeEvent, input: unknown, meta?: unknown) => {
      if (!isTrustedFrame(event.senderFrame)) return forbidden;
      const id = callIdOf(meta);
      if (id === undefined) return dispatch(handlers, name, input, { meta });
      const key = keyOf(event, id);
      const controller = new AbortController();
      inFlight.get(key)?.abort(); // an id used again replaces the call it named
      inFlight.set(key, controller);
      try {
        return await dispatch(handlers, name, input, { meta, signal: controller.signal });
      } finally {
        if (inFlight.get(key) === controller) inFlight.delete(key);
      }
    });
  }

  const cancel = (event: IpcMainEvent, id: unknown) => {
    if (!isTrustedFrame(event.senderFrame) || typeof id !== 'string') return;
    inFlight.get(keyOf(event, id))?.abort();
  };
  ipcMain.on(CANCEL_CHANNEL, cancel);

  return () => {
    for (const name of callNames) ipcMain.removeHandler(name);
    ipcMain.removeListener(CANCEL_CHANNEL, cancel);
    for (const controller of inFlight.values()) controller.abort();
    inFlight.clear();
  };
}
