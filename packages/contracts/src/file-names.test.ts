import { describe, expect, it } from 'vitest';
import { cleanFileName, sanitisePdfFileName, uniqueFileNames } from './file-names.js';

describe('file names', () => {
  it('keeps an uploaded PDF’s name without folders or unusual characters', () => {
    expect(sanitisePdfFileName('C:\\Documenti\\Programma «finale».PDF')).toBe(
      'Programma _finale.pdf',
    );
    expect(sanitisePdfFileName('../../.pdf')).toBe('allegato.pdf');
    expect(sanitisePdfFileName(`${'a'.repeat(150)}.pdf`)).toBe(`${'a'.repeat(100)}.pdf`);
  });

  it('numbers repeated names within one request', () => {
    expect(uniqueFileNames(['programma.pdf', 'Programma.pdf', 'programma.pdf'])).toEqual([
      'programma.pdf',
      'Programma-2.pdf',
      'programma-3.pdf',
    ]);
  });

  it('shows a name without extension and with spaces for underscores', () => {
    expect(cleanFileName('Verbale_assemblea Roma 2025.pdf')).toBe('Verbale assemblea Roma 2025');
  });
});
