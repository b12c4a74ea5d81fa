import type { FileContent, MemberReceipt } from '@sodalis/contracts';
import { apiRequest } from '../../api/api-client';
import { showDocument } from './open-document';

const RECEIPTS = '/api/v1/Payment/Ricevute';

/** The signed-in member's receipts (ADR 030); another member's are never listed. */
export async function memberReceipts(signal?: AbortSignal): Promise<MemberReceipt[]> {
  return (await apiRequest<MemberReceipt[]>(RECEIPTS, signal ? { signal } : {})) ?? [];
}

/** Downloads a receipt's PDF (always a download: it is a document to keep). */
export async function downloadReceipt(id: number): Promise<void> {
  try {
    const file = await apiRequest<FileContent>(`${RECEIPTS}/${id}`);
    if (file !== null) showDocument(file, 0);
  } catch (error) {
    console.warn('Ricevuta non disponibile', error);
  }
}
