import fs from 'node:fs';
import Fastify from 'fastify';

/**
 * The bench's yardstick: a bare Fastify server whose one route answers a constant JSON body
 * (the same bytes as the measured call), without logging or hooks.
 */
const body = fs.readFileSync(process.env.YARDSTICK_BODY_FILE ?? '', 'utf8');
const app = Fastify({ logger: false });
const answer = async (
  _request: unknown,
  reply: { header(name: string, value: string): { send(payload: string): unknown } },
) => reply.header('content-type', 'application/json; charset=utf-8').send(body);
app.get('/constant', answer);
app.post('/constant', answer);
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
