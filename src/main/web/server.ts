import { existsSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import fastifyStatic from '@fastify/static';
import Conf from 'conf';
import Fastify from 'fastify';
import { createServices } from '../services/create-services.ts';
import type { EventBus } from '../services/event-bus.ts';
import { createSettingsService } from '../services/app/settings-service.ts';
import { registerBridge } from './bridge.ts';
import { registerBridgeSocket } from './bridge-socket.ts';
import { createWebPlatform } from './web-platform.ts';
import { createOneTimeCodes } from './one-time-codes.ts';
import { CONNECT_PATH, createSession, registerConnect } from './session.ts';

export interface WebShellOptions {
  /** Folder of the built renderer (electron-vite's `out/renderer`). */
  rendererDir: string;
  /** Folder for settings and databases; a fresh one gives a fresh profile. */
  userDataDir: string;
  port?: number;
  appVersion: string;
  /** Keychain service name; tests pass their own so they never touch the user's entries. */
  keychainService?: string;
  /** Clock that links expire by; tests step it. */
  now?: () => number;
}

export interface ShellLink {
  /** `<origin>/connect?code=…`: opens the app once, until `expiresAt`. */
  url: string;
  expiresAt: number;
  /** Settles when a browser has exchanged the link's code. */
  redeemed: Promise<void>;
}

export interface WebShell {
  origin: string;
  /** A fresh one-time link to open the app with (each printed or opened link is its own). */
  issueLink(): ShellLink;
  /** The bus the services push events on; the bridge streams it to the page. */
  events: EventBus;
  close(): Promise<void>;
}

/**
 * A call's body may carry a CSV file to import (IMPORT_FILE_MAX_CHARS characters, up to three
 * bytes each in JSON): more than Fastify's 1 MiB default.
 */
const BODY_LIMIT = 12 * 1024 * 1024;

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
  const session = createSession();
  const codes = createOneTimeCodes({ now: options.now });
  const store = new Conf<Record<string, unknown>>({
    projectName: 'socialdesk',
    cwd: options.userDataDir,
    configName: 'settings',
    // Kept in memory: main reads the profiles and settings on nearly every call, and without
    // this each read is the file read and parsed again. The shell is its only writer.
    cache: true,
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
  const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: BODY_LIMIT });
  let allowedHosts = new Set<string>();
  let allowedOrigins = new Set<string>();
  /** Why a request may not reach this server, or null: the same rules for a fetch and a socket. */
  function refuses(request: { headers: IncomingHttpHeaders }) {
    // DNS rebinding defence: a page on another name that resolves to 127.0.0.1 gets nothing.
    // Host names are case-insensitive, so `LOCALHOST:port` is this server too.
    if (!allowedHosts.has((request.headers.host ?? '').toLowerCase()))
      return { status: 403, message: 'Requests must be addressed to 127.0.0.1 or localhost.' };
    // A browser names the page behind a cross-origin request (and `null` for a sandboxed frame or
    // a file): only this server's own pages may call it. Navigations send no Origin.
    const origin = request.headers.origin;
    if (origin !== undefined && !allowedOrigins.has(origin.toLowerCase()))
      return { status: 403, message: 'Only pages of the browser shell itself may call it.' };
    return null;
  }
  app.addHook('onRequest', async (request, reply) => {
    const refused = refuses(request);
    if (refused) return reply.code(refused.status).send({ message: refused.message });
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', CSP);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
  });
  registerConnect(app, { codes, session });
  registerBridge(app, { session, handlers, events });
  const closeSocket = registerBridgeSocket(app.server, {
    session,
    handlers,
    refuses,
    maxPayload: BODY_LIMIT,
  });
  await app.register(fastifyStatic, { root: options.rendererDir, index: 'index.html' });

  const address = await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const port = new URL(address).port;
  allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  allowedOrigins = new Set([...allowedHosts].map((host) => `http://${host}`));
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    issueLink() {
      const { code, expiresAt, redeemed } = codes.issue();
      return { url: `${origin}${CONNECT_PATH}?code=${code}`, expiresAt, redeemed };
    },
    events,
    close: async () => {
      closeSocket();
      await app.close();
      await close();
    },
  };
}
