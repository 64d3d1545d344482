import type { IpcMain, IpcMainInvokeEvent, WebFrameMain } from 'electron';
import { callNames, type CallResult } from '../../shared/contract/index.ts';
import { dispatch, type Handlers } from '../services/dispatch.ts';

/** Is this frame the app's own top-level page? Set by the window module. */
export type FrameCheck = (frame: WebFrameMain | null) => boolean;

/**
 * Binds every contract call to `ipcMain.handle`: the sender frame is checked first (a frame
 * that is not our own page gets 'forbidden'), then `dispatch` validates the input against the
 * call's schema. Returns a function that removes the handlers again.
 */
export function bindContract(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  handlers: Handlers,
  isTrustedFrame: FrameCheck,
) {
  for (const name of callNames) {
    ipcMain.handle(name, async (event: IpcMainInvokeEvent, input: unknown): Promise<CallResult<unknown>> => {
      if (!isTrustedFrame(event.senderFrame)) {
        return {
          ok: false,
          error: {
            code: 'forbidden',
            message: 'This call is only answered for the Socialdesk window.',
            fieldErrors: {},
          },
        };
      }
      return dispatch(handlers, name, input);
    });
  }
  return () => {
    for (const name of callNames) ipcMain.removeHandler(name);
  };
}
