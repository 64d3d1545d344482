import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import Conf from 'conf';
import Fastify from 'fastify';
import { createServices } from '../services/create-services.ts';
import type { EventBus } from '../services/event-bus.ts';
import { createSettingsService } from '../services/app/settings-service.ts';
import { registerBridge } from './bridge.ts';
import { createWebPlatform } from './web-platform.ts';

export interface WebShellOptions {
  /** Folder of the built renderer (electron-vite's `out/renderer`). */
  rendererDir: string;
  /** Folder for settings and databases; a fresh one gives a fresh profile. */
  userDataDir: string;
  port?: number;
  appVersion: string;
  /** Keychain service name; tests pass their own so they never touch the user's entries. */
  keychainService?: string;
}

export interface WebShell {
  /** The URL to open, with the per-launch secret in its fragment. */
  url: string;
  origin: string;
  secret: string;
  /** The bus the services push events on; the bridge streams it to the page. */
  events: EventBus;
  close(): Promise<void>;
}

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The browser shell: the same services and handlers as the Electron app, behind a loopback
 * HTTP bridge, serving the built renderer. Used where no Electron runtime is available and by
 * the end-to-end tests.
 */
export async function startWebShell(options: WebShellOptions): Promise<WebShell> {
  if (!existsSync(options.rendererDir)) {
    throw new Error(
      `The renderer is not built (${options.rendererDir} is missing); run "npm run build" first.`,
    );
  }
  const secret = randomBytes(24).toString('hex');
  const store = new Conf<Record<string, unknown>>({
    projectName: 'socialdesk',
    cwd: options.userDataDir,
    configName: 'settings',
  });
  const settings = createSettingsService(store);
  const platform = createWebPlatform({
    appVersion: options.appVersion,
    userDataDir: options.userDataDir,
    downloadsFolder: () => settings.get().downloadsFolder,
  });
  const { handlers, events, resumeLocalSandbox, close } = createServices({
    platform,
    store,
    keychainService: options.keychainService,
  });
  await resumeLocalSandbox().catch((error: Error) =>
    console.error(`socialdesk: the local sandbox did not start: ${error.message}`),
  );

  // A page's open event stream must not keep Ctrl+C from stopping the shell.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  let allowedHosts = new Set<string>();
  // DNS rebinding defence: a page on another name that resolves to 127.0.0.1 gets nothing.
  app.addHook('onRequest', async (request, reply) => {
    if (!allowedHosts.has(request.headers.host ?? '')) {
      return reply.code(403).send({ message: 'Requests must be addressed to 127.0.0.1 or localhost.' });
    }
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', CSP);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
  });
  registerBridge(app, { secret, handlers, events });
  await app.register(fastifyStatic, { root: options.rendererDir, index: 'index.html' });

  const address = await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const port = new URL(address).port;
  allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/#secret=${secret}`,
    origin,
    secret,
    events,
    close: async () => {
      await app.close();
      await close();
    },
  };
}
