import { readFile, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { CustomScheme } from 'electron';

/**
 * The built renderer is served from `app://socialdesk/` instead of `file://` (Electron security
 * checklist, item 18): a file: page shares the opaque "null" origin with every other file, data:
 * and about: page, and reads the whole disk by relative URL. A standard scheme gives the page a
 * real origin, which the CSP's 'self', the navigation policy and the IPC sender check all trust,
 * and the handler below serves nothing but the renderer's out folder.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'socialdesk';
export const APP_INDEX_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * For `protocol.registerSchemesAsPrivileged`, before the app is ready. standard: relative URLs,
 * an origin and web storage like http; secure: a secure context, as https; supportFetchAPI: the
 * page may fetch() its own files. corsEnabled stays off, so no other origin can read these files.
 */
export const APP_SCHEME_PRIVILEGED: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true },
};

/**
 * The types of the files the renderer build emits. A closed set, because the folder is our own
 * build output; anything else goes out as bytes that the page will not sniff into a script.
 */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * A meta tag cannot carry frame-ancestors (index.html says so), so the page's header adds it; the
 * meta policy still applies alongside, and both must allow a load.
 */
const PAGE_CSP = "frame-ancestors 'none'";

function refusal(status: 400 | 404 | 405, message: string): Response {
  const headers: Record<string, string> = { 'Content-Type': 'text/plain; charset=utf-8' };
  if (status === 405) headers.Allow = 'GET, HEAD';
  return new Response(message, { status, headers });
}

const notFound = () => refusal(404, 'Not found.');

/**
 * The file under `root` that `url` names, or the refusal when it names none: another host, a path
 * that leaves `root` once decoded (`..%2F`, `..%5C` on Windows), a NUL byte, bad percent-encoding.
 */
function fileFor(root: string, url: URL): { file: string } | Response {
  if (url.host.toLowerCase() !== APP_HOST || url.username || url.password) return notFound();
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return refusal(400, 'The path is not valid percent-encoding.');
  }
  if (path.includes('\0')) return notFound();
  const file = resolve(join(root, path === '/' ? 'index.html' : path));
  const inside = relative(root, file);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside))
    return notFound();
  return { file };
}

/**
 * The `protocol.handle` handler for the app scheme: GET and HEAD of the files under `rendererDir`
 * (index.html for `/`), with their types; 404 for anything else. Reads through Electron's fs,
 * which reads inside app.asar.
 */
export function createAppProtocolHandler(rendererDir: string): (request: Request) => Promise<Response> {
  const root = resolve(rendererDir);
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refusal(405, 'Only GET and HEAD.');
    const found = fileFor(root, new URL(request.url));
    if (found instanceof Response) return found;
    const { file } = found;
    try {
      if (!(await stat(file)).isFile()) return notFound();
      const headers: Record<string, string> = {
        'Content-Type': contentTypeOf(file),
        'X-Content-Type-Options': 'nosniff',
      };
      if (extname(file).toLowerCase() === '.html') headers['Content-Security-Policy'] = PAGE_CSP;
      const body = request.method === 'HEAD' ? null : await readFile(file);
      return new Response(body, { status: 200, headers });
    } catch {
      return notFound();
    }
  };
}
