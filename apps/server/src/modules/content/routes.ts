import {
  GetContenutiBodySchema,
  GetSetupDataBodySchema,
  IdQuerySchema,
  PublicDocumentQuerySchema,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import type { FileStore } from '../../files/file-store.js';
import { sendStoredFile } from '../../http/send-file.js';
import { sendHashAddressedImage } from '../../http/send-image.js';
import { sendJson } from '../../http/send-json.js';
import { parseInput } from '../../http/validation.js';
import type { ContentPublicReads } from './public-reads.js';
import type { ContentService } from './service.js';

export interface ContentRoutesOptions {
  content: ContentService;
  publicReads: ContentPublicReads;
  files: FileStore;
}

/** /api/v1/SharepointContent calls of the society's pages (spec §7), public and cached. */
export async function contentRoutes(app: FastifyInstance, options: ContentRoutesOptions) {
  const { content, publicReads, files } = options;

  app.post('/GetSetupData', { bodyLimit: 8 * 1024 }, async (request, reply) => {
    const { titles } = parseInput(GetSetupDataBodySchema, request.body);
    return sendJson(reply, await publicReads.setupData(titles));
  });

  app.get('/GetQuote', async (_request, reply) => sendJson(reply, await publicReads.fees()));

  app.get('/GetConsiglioDirettivo', async (_request, reply) =>
    sendJson(reply, await publicReads.boardMembers()),
  );

  app.get('/GetCVById', async (request, reply) => {
    const { id } = parseInput(IdQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    return { data: await content.curriculum(id) };
  });

  app.post('/GetContenuti', { bodyLimit: 4 * 1024 }, async (request, reply) => {
    const { chiavi } = parseInput(GetContenutiBodySchema, request.body);
    return sendJson(reply, await publicReads.siteContents(chiavi));
  });

  /** The pages' share image (ADR 034, amended), at the address of its hash. */
  app.get('/ShareImage/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const image = await content.shareImageFile(file);
    return sendHashAddressedImage(request, reply, { ...image, contentType: 'image/jpeg' });
  });

  /** A public document streamed (news, setup elements, CVs): opened inline or downloaded. */
  app.get('/DownloadPublicDoc', async (request, reply) => {
    const query = parseInput(PublicDocumentQuerySchema, request.query);
    const file = await content.publicFile(query.serverRelativeUrl);
    return sendStoredFile(reply, files, file, query.download ? 'attachment' : 'inline');
  });
}
