import type { SetupElement } from '@sodalis/contracts';
import { apiRequest } from './api-client';

/**
 * The rich text of one setup element (GetSetupData), loaded in the browser; sanitised by the
 * server. A failure leaves it empty and is logged (spec §7).
 */
export async function fetchSetupBody(key: string): Promise<string> {
  try {
    const elements = await apiRequest<SetupElement[]>('/api/v1/SharepointContent/GetSetupData', {
      body: { titles: [key] },
    });
    return elements?.[0]?.corpo ?? '';
  } catch (error) {
    console.warn(`Testo "${key}" non disponibile`, error);
    return '';
  }
}
