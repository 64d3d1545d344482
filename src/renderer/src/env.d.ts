import type { PreloadApi } from '../../shared/contract/index.ts';

declare global {
  interface Window {
    /** Exposed by the preload script in the Electron app; absent in the browser shell. */
    socialdesk?: PreloadApi;
  }
}

export {};
