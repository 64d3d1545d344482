import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { seededRandom } from '../random.ts';
import { SandboxError } from './errors.ts';

/**
 * `--faults P`: a fraction P of requests fail the way networks and servers fail, so a client's
 * retry, timeout and offline paths can be exercised against the sandbox. Draws come from an RNG
 * seeded with `--seed`, so a run with the same requests in the same order fails the same way.
 */
export const faultKinds = ['server-error', 'slow', 'drop'] as const;
export type FaultKind = (typeof faultKinds)[number];

export interface FaultOptions {
  /** Fraction of requests that fail, 0..1. */
  probability: number;
  seed: number;
  /** How long a slow answer waits before it is answered normally. */
  slowMs?: number;
}

export function installFaults(app: FastifyInstance, options: FaultOptions): void {
  const { probability, slowMs = 3000 } = options;
  if (!(probability > 0)) return;
  const random = seededRandom(options.seed ^ 0x0fa17);
  app.addHook('onRequest', async (request, reply) => {
    if (random() >= probability) return;
    const kind = faultKinds[Math.floor(random() * faultKinds.length)] ?? 'server-error';
    if (kind === 'server-error') {
      throw new SandboxError(500, 'Simulated server failure (--faults): try again later.');
    }
    if (kind === 'slow') {
      // A slow answer: the request then goes on as usual, late.
      await delay(slowMs);
      return;
    }
    // A dropped connection: no status line, no body, the socket just closes.
    reply.hijack();
    request.raw.socket.destroy();
    return reply;
  });
}
