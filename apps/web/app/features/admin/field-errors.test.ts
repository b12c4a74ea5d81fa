import { describe, expect, it } from 'vitest';
import { formErrorsOf, formFieldOf } from './field-errors';

describe('errors of the admin API on the form’s fields', () => {
  it('marks the first segment of a path, and the form’s field for a new upload', () => {
    expect(formFieldOf('title')).toBe('title');
    expect(formFieldOf('aziende.0.sito')).toBe('aziende');
    expect(formFieldOf('newAttachments.1')).toBe('attachments');
    expect(formFieldOf('newPhoto')).toBe('photo');
    expect(formFieldOf('newCv')).toBe('cv');
    expect(formFieldOf('newsletter')).toBe('newsletter');
  });

  it('keeps the first message of a field', () => {
    expect(
      formErrorsOf([
        { path: 'newAttachments.0', message: 'Il file non è un PDF.' },
        { path: 'newAttachments.2', message: 'Il file è troppo grande.' },
        { path: 'title', message: 'Campo obbligatorio.' },
      ]),
    ).toEqual({ attachments: 'Il file non è un PDF.', title: 'Campo obbligatorio.' });
  });
});
