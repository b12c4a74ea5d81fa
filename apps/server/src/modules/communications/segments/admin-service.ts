import {
  SegmentDefinitionSchema,
  type SavedSegment,
  type SegmentDefinition,
  type SegmentInput,
  type SegmentPreview,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { AppError } from '../../../http/app-error.js';
import type { Clock } from '../../../text/dates.js';
import { writeAudit, type Actor } from '../../admin/audit.js';
import {
  deleteSegment,
  everyEvent,
  findSegment,
  insertSegment,
  listSegments,
  updateSegment,
  type SegmentRow,
} from './repository.js';
import type { SegmentsService } from './service.js';

export interface SegmentsAdminDeps {
  db: Kysely<Database>;
  clock: Clock;
  segments: SegmentsService;
}

function savedSegment(row: SegmentRow): SavedSegment {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    // Written only after the schema's parse; read back through it, so a definition is one shape.
    definition: SegmentDefinitionSchema.parse(JSON.parse(row.definition_json)),
    createdBy: row.created_by,
    updatedBy: row.updated_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** What the audit log keeps of a segment: its words and its definition, never recipients. */
function auditView(input: SegmentInput) {
  return {
    nome: input.name,
    descrizione: input.description,
    definizione: JSON.stringify(input.definition),
  };
}

/** The secretariat's saved segments (ADR 062): list, create, edit, duplicate, delete; audited. */
export class SegmentsAdminService {
  constructor(private readonly deps: SegmentsAdminDeps) {}

  async list(): Promise<SavedSegment[]> {
    return (await listSegments(this.deps.db)).map(savedSegment);
  }

  /** Every event, newest first, for the conditions on registrations and certificates. */
  async events(): Promise<{ id: number; title: string }[]> {
    return everyEvent(this.deps.db);
  }

  async get(id: number): Promise<SavedSegment> {
    const row = await findSegment(this.deps.db, id);
    if (row === undefined) throw new AppError('notFound');
    return savedSegment(row);
  }

  /** The live count and sample of a definition being edited. */
  async preview(definition: SegmentDefinition): Promise<SegmentPreview> {
    await this.deps.segments.check(definition);
    return this.deps.segments.preview(definition);
  }

  async create(actor: Actor, input: SegmentInput): Promise<SavedSegment> {
    await this.deps.segments.check(input.definition, 'definition');
    const now = this.deps.clock();
    const id = await this.deps.db.transaction().execute(async (trx) => {
      const made = await insertSegment(trx, input, actor.email, now.toISOString());
      await writeAudit(
        trx,
        actor,
        {
          action: 'crea',
          entity: 'communication_segment',
          entityId: made,
          summary: `Segmento «${input.name}» creato`,
          after: auditView(input),
        },
        now,
      );
      return made;
    });
    return this.get(id);
  }

  async update(actor: Actor, id: number, input: SegmentInput): Promise<SavedSegment> {
    await this.deps.segments.check(input.definition, 'definition');
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await findSegment(trx, id);
      if (before === undefined) throw new AppError('notFound');
      await updateSegment(trx, id, input, actor.email, now.toISOString());
      const old = savedSegment(before);
      await writeAudit(
        trx,
        actor,
        {
          action: 'modifica',
          entity: 'communication_segment',
          entityId: id,
          summary: `Segmento «${input.name}» modificato`,
          before: auditView(old),
          after: auditView(input),
        },
        now,
      );
    });
    return this.get(id);
  }

  /** A copy to change, named «(copia)»: the definition copied, still no recipients. */
  async duplicate(actor: Actor, id: number): Promise<SavedSegment> {
    const original = await this.get(id);
    return this.create(actor, {
      name: `${original.name} (copia)`.slice(0, 120),
      description: original.description,
      definition: original.definition,
    });
  }

  async remove(actor: Actor, id: number): Promise<void> {
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await findSegment(trx, id);
      if (before === undefined) throw new AppError('notFound');
      await deleteSegment(trx, id);
      await writeAudit(
        trx,
        actor,
        {
          action: 'elimina',
          entity: 'communication_segment',
          entityId: id,
          summary: `Segmento «${before.name}» eliminato`,
          before: auditView(savedSegment(before)),
        },
        now,
      );
    });
  }
}
