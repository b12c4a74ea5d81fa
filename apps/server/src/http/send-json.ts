import type { FastifyReply } from 'fastify';

/** Sends an already serialised JSON body (cached public answers). */
export function sendJson(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
