import {
  AdminBankRowListQuerySchema,
  BANK_STATEMENT_MAX_BYTES,
  BankRowAssignBodySchema,
  BankRowAssignRegistrationBodySchema,
  BankRowBulkIgnoreBodySchema,
  BankRowIgnoreBodySchema,
  BankStatementUploadSchema,
  HandPaymentBodySchema,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.js';
import { actorOf, FORM_BODY_LIMIT, IdParamsSchema } from '../admin/route-helpers.js';
import type { BankStatementService } from './bank-statement-import.js';
import { recordHandPayment, type HandPaymentDeps } from './hand-payments.js';

/** A statement in base64 inside JSON, with room for the rest of the body. */
const STATEMENT_BODY_LIMIT = Math.ceil((BANK_STATEMENT_MAX_BYTES * 4) / 3) + 64 * 1024;

/**
 * /api/v1/Admin/BankStatements and /BankRows (ADR 029): a statement previewed, then applied;
 * the rows waiting for review assigned to a member or ignored. Inside `adminRoutes`.
 */
export async function bankAdminRoutes(
  app: FastifyInstance,
  options: { bank: BankStatementService; handPayments: HandPaymentDeps },
) {
  const { bank, handPayments } = options;
  // Cash or card at a congress (ADR 029).
  app.post('/Memberships/:id/Payments', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    const body = parseInput(HandPaymentBodySchema, request.body);
    return { data: await recordHandPayment(handPayments, actorOf(request), id, body) };
  });
  app.post('/BankStatements/Preview', { bodyLimit: STATEMENT_BODY_LIMIT }, async (request) => ({
    data: await bank.preview(parseInput(BankStatementUploadSchema, request.body)),
  }));
  app.post('/BankStatements', { bodyLimit: STATEMENT_BODY_LIMIT }, async (request) => ({
    data: await bank.apply(actorOf(request), parseInput(BankStatementUploadSchema, request.body)),
  }));
  app.get('/BankRows', async (request) => ({
    data: await bank.listRows(parseInput(AdminBankRowListQuerySchema, request.query)),
  }));
  app.get('/BankRows/:id', async (request) => ({
    data: await bank.getRow(parseInput(IdParamsSchema, request.params).id),
  }));
  app.post('/BankRows/:id/Assign', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    const body = parseInput(BankRowAssignBodySchema, request.body);
    return { data: await bank.assign(actorOf(request), id, body) };
  });
  // A row whose causale the bank garbled given to an event's registration (ADR 053), through
  // the registrations' transfer claim: membership names the purpose, never its tables.
  app.post('/BankRows/:id/AssignRegistration', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    const { registrationId } = parseInput(BankRowAssignRegistrationBodySchema, request.body);
    return {
      data: await bank.assignToPurpose(actorOf(request), id, {
        purpose: 'registration',
        id: registrationId,
        field: 'registrationId',
      }),
    };
  });
  // Several rows that are not dues set aside with one reason (ADR 029, 2026-11-27).
  app.post('/BankRows/Ignore', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const body = parseInput(BankRowBulkIgnoreBodySchema, request.body);
    return { data: await bank.ignoreMany(actorOf(request), body) };
  });
  app.post('/BankRows/:id/Ignore', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    const { reason } = parseInput(BankRowIgnoreBodySchema, request.body);
    return { data: await bank.ignore(actorOf(request), id, reason) };
  });
}
