import { ListFilterSchema, ReservedDocumentQuerySchema } from '@sodalis/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendStoredFileWithRange } from '../../http/send-file.js';
import { parseInput } from '../../http/validation.js';
import type { FileStore } from '../../files/file-store.js';
import type { AccountService } from '../accounts/service.js';
import { requireReservedMember } from '../membership/guard.js';
import type { MembershipService } from '../membership/service.js';
import type { ReservedAreaService } from './service.js';

export interface ReservedAreaRoutesOptions {
  reservedArea: ReservedAreaService;
  accounts: AccountService;
  /** A lapsed member is refused (ADR 024). */
  membership: MembershipService;
  files: FileStore;
}

const LIST_BODY_LIMIT = 16 * 1024;

/**
 * /api/v1/ReservedArea archives and documents (spec §7). Every call needs a session; answers
 * depend on the caller's role, so they are never cached (ADR 005, ADR 011).
 */
export async function reservedAreaRoutes(app: FastifyInstance, options: ReservedAreaRoutesOptions) {
  const { reservedArea, accounts, membership, files } = options;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const role = async (request: FastifyRequest) =>
    (await requireReservedMember(request, accounts, membership)).role;

  app.post('/GetRaccomandazioni', { bodyLimit: LIST_BODY_LIMIT }, async (request) => {
    const caller = await role(request);
    const filter = parseInput(ListFilterSchema, request.body);
    return { data: await reservedArea.listRecommendations(caller, filter) };
  });

  app.post('/GetAssemblee', { bodyLimit: LIST_BODY_LIMIT }, async (request) => {
    const caller = await role(request);
    const filter = parseInput(ListFilterSchema, request.body);
    return { data: await reservedArea.listAssemblies(caller, filter) };
  });

  app.post('/GetPareriCD', { bodyLimit: LIST_BODY_LIMIT }, async (request) => {
    const caller = await role(request);
    const filter = parseInput(ListFilterSchema, request.body);
    return { data: await reservedArea.listOpinions(caller, filter) };
  });

  app.get('/DownloadDoc', async (request) => {
    const caller = await role(request);
    const { serverRelativeUrl } = parseInput(ReservedDocumentQuerySchema, request.query);
    return { data: await reservedArea.documentContent(caller, serverRelativeUrl) };
  });

  app.get('/DownloadDocStream', async (request, reply) => {
    const caller = await role(request);
    const { serverRelativeUrl, download } = parseInput(ReservedDocumentQuerySchema, request.query);
    const document = await reservedArea.document(caller, serverRelativeUrl);
    return sendStoredFileWithRange(
      reply,
      files,
      document,
      download ? 'attachment' : 'inline',
      request.headers.range,
    );
  });
}

/** /api/v1/SharepointContent/GetRassegneStampa: the press review, also members only. */
export async function pressReviewRoutes(
  app: FastifyInstance,
  options: Omit<ReservedAreaRoutesOptions, 'files'>,
) {
  const { reservedArea, accounts, membership } = options;
  app.post('/GetRassegneStampa', { bodyLimit: LIST_BODY_LIMIT }, async (request, reply) => {
    const caller = (await requireReservedMember(request, accounts, membership)).role;
    const filter = parseInput(ListFilterSchema, request.body);
    reply.header('cache-control', 'no-store');
    return { data: await reservedArea.listPressReviews(caller, filter) };
  });
}
