import { RegistrationPayPalSchema, RegistrationRequestSchema } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { IdParamsSchema, parseInput } from '../../../http/validation.js';
import { requireMember } from '../../accounts/guard.js';
import type { AccountService } from '../../accounts/service.js';
import type { EventAccounts } from '../participants/service.js';
import type { EventRegistrations } from './service.js';

/**
 * A signed-in person's registrations (ADR 049), under /api/v1/Events: the second step's quote,
 * the registration, "Le mie iscrizioni", cancelling and taking an offered place. Answers are
 * personal: never cached.
 */
export async function registrationRoutes(
  app: FastifyInstance,
  options: {
    accounts: AccountService;
    registrations: EventRegistrations;
    /** The facts a registration leaves for the person's next form (ADR 055). */
    registrants: Pick<EventAccounts, 'remember'>;
  },
) {
  const { accounts, registrations, registrants } = options;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.post('/:id/Registrations/Quote', { bodyLimit: 16 * 1024 }, async (request) => {
    const member = await requireMember(request, accounts);
    const { id } = parseInput(IdParamsSchema, request.params);
    const body = parseInput(RegistrationRequestSchema, request.body);
    return { data: await registrations.quote(member, id, body) };
  });
  app.post('/:id/Registrations', { bodyLimit: 16 * 1024 }, async (request, reply) => {
    const member = await requireMember(request, accounts);
    const { id } = parseInput(IdParamsSchema, request.params);
    const body = parseInput(RegistrationRequestSchema, request.body);
    const answer = await registrations.register(member, id, body);
    await registrants.remember(member, body);
    return reply.status(answer.repeated ? 200 : 201).send({ data: answer });
  });
  app.get('/MyRegistrations', async (request) => {
    const member = await requireMember(request, accounts);
    return { data: await registrations.mine(member) };
  });
  app.post('/Registrations/:id/Cancel', async (request) => {
    const member = await requireMember(request, accounts);
    const { id } = parseInput(IdParamsSchema, request.params);
    return { data: await registrations.cancel(member, id) };
  });
  app.post('/Registrations/:id/PayPal', { bodyLimit: 4 * 1024 }, async (request) => {
    const member = await requireMember(request, accounts);
    const { id } = parseInput(IdParamsSchema, request.params);
    const body = parseInput(RegistrationPayPalSchema, request.body);
    return { data: await registrations.payByPayPal(member, id, body) };
  });
  app.post('/Registrations/:id/Accept', async (request) => {
    const member = await requireMember(request, accounts);
    const { id } = parseInput(IdParamsSchema, request.params);
    return { data: await registrations.accept(member, id) };
  });
}
