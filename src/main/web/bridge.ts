import type { FastifyInstance } from 'fastify';
import { dispatch, type Handlers } from '../services/dispatch.ts';
import type { EventBus } from '../services/event-bus.ts';
import { refuseUnauthenticated, type Session } from './session.ts';

/**
 * The web bridge: the contract's calls as `POST /bridge/call/<name>` and its events as a
 * Server-Sent Events stream on `GET /bridge/events`. Every route under `/bridge` needs the session
 * cookie (see session.ts); the token itself never leaves this process.
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

      bridge.post<{ Params: { name: string }; Body: { input?: unknown } | undefined }>(
        '/call/:name',
        async (request) => {
          const body = request.body;
          const input = typeof body === 'object' && body !== null ? body.input : undefined;
          return dispatch(opts.handlers, request.params.name, input);
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
