import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dispatch, type Handlers } from '../services/dispatch.ts';
import type { EventBus } from '../services/event-bus.ts';

export const SECRET_HEADER = 'x-socialdesk-secret';

function hasSecret(request: FastifyRequest, secret: string): boolean {
  const sent = request.headers[SECRET_HEADER];
  if (typeof sent !== 'string' || sent.length !== secret.length) return false;
  return timingSafeEqual(Buffer.from(sent), Buffer.from(secret));
}

function refuse(reply: FastifyReply) {
  return reply
    .code(401)
    .send({ message: 'This bridge answers only the page opened with the URL the browser shell printed.' });
}

/**
 * The web bridge: the contract's calls as `POST /bridge/call/<name>` and its events as a
 * Server-Sent Events stream on `GET /bridge/events`. Both need the per-launch secret, which the
 * page gets from the fragment of the printed URL; the token itself never leaves this process.
 */
export function registerBridge(
  app: FastifyInstance,
  opts: { secret: string; handlers: Handlers; events: EventBus },
) {
  app.post<{ Params: { name: string }; Body: { input?: unknown } | undefined }>(
    '/bridge/call/:name',
    async (request, reply) => {
      if (!hasSecret(request, opts.secret)) return refuse(reply);
      const body = request.body;
      const input = typeof body === 'object' && body !== null ? body.input : undefined;
      return dispatch(opts.handlers, request.params.name, input);
    },
  );

  app.get('/bridge/events', (request, reply) => {
    if (!hasSecret(request, opts.secret)) return refuse(reply);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    res.write(': connected\n\n');
    const unsubscribe = opts.events.subscribe((event, payload) => {
      res.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
    });
    request.raw.on('close', unsubscribe);
  });
}
