import type { Generated } from 'kysely';

/** A saved segment (migration 0064, ADR 062): a definition, never a list of recipients. */
export interface CommunicationSegmentsTable {
  id: Generated<number>;
  name: string;
  description: string;
  /** The `SegmentDefinition` as JSON, validated by its schema on every write and read. */
  definition_json: string;
  /** The staff's e-mails. */
  created_by: string;
  updated_by: string;
  created_at: string;
  updated_at: string;
}

declare module '../../../db/schema.js' {
  interface Database {
    communication_segments: CommunicationSegmentsTable;
  }
}
