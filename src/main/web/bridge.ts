import type { FastifyInstance } from 'fastify';
import { dispatch, type Handlers } from '../services/dispatch.ts';
import type { EventBus } from '../services/event-bus.ts';
import { refuseUnauthenticated, type Session } from './session.ts';

/**
 * The web bridge: the contract's calls as `POST /bridge/call/<name>` and its events as a
 * Server-Sent Events stream on `GET /bridge/events`; the page makes its calls over a socket while
 * one is open (bridge-socket.ts). Every route under `/bridge` needs the session cookie (see
 * session.ts); the token itself never leaves this process.
 */
export function registerBridge(
  app: FastifyInstance,
  opts: { session: Session; handlers: Handlers; events: EventBus },
) {
  void app.register(
    async (bridge) => {
      // onRequest runs before the body is read or parsed: a caller without the credential gets
      // its 401 without the bridge spending work (or a parser's error text) on what it sent.
      bridge.addHook('onRequest', async (request, reply) => {
        if (!opts.session.isAuthenticated(request)) return refuseUnauthenticated(reply);
      });

      bridge.post<{ Params: { name: string }; Body: { input?: unknown; meta?: unknown } | undefined }>(
        '/call/:name',
        async (request, reply) => {
          const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
          // The page cancels a call by aborting its fetch, which closes the connection before the
          // answer: the handler's signal aborts, and with it the requests it queued or sent.
          const controller = new AbortController();
          reply.raw.on('close', () => {
            if (!reply.raw.writableFinished) controller.abort();
          });
          return dispatch(opts.handlers, request.params.name, body.input, {
            meta: body.meta,
            signal: controller.signal,
          });
        },
      );

      bridge.get('/events', (request, reply) => {
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
    },
    { prefix: '/bridge' },
  );
}
