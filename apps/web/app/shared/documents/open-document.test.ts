import { describe, expect, it } from 'vitest';
import {
  decodeBase64,
  documentAction,
  publicDocumentHref,
  requireParameter,
} from './open-document';

describe('document viewing (spec §2.15, §5, §9)', () => {
  it('opens wider than 860 px and downloads at 860 px or less', () => {
    expect(documentAction(1280)).toBe('open');
    expect(documentAction(861)).toBe('open');
    expect(documentAction(860)).toBe('download');
    expect(documentAction(375)).toBe('download');
  });

  it('decodes base64 and refuses empty or broken content with "Invalid base64 string"', () => {
    expect(new TextDecoder().decode(decodeBase64(Buffer.from('%PDF-1.4').toString('base64')))).toBe(
      '%PDF-1.4',
    );
    expect(() => decodeBase64('')).toThrow('Invalid base64 string');
    expect(() => decodeBase64('   ')).toThrow('Invalid base64 string');
    expect(() => decodeBase64('non è base64!')).toThrow('Invalid base64 string');
  });

  it('refuses a missing id or path with "the parameter cannot be null"', () => {
    expect(() => requireParameter(null)).toThrow('the parameter cannot be null');
    expect(() => requireParameter(undefined)).toThrow('the parameter cannot be null');
    expect(() => requireParameter('')).toThrow('the parameter cannot be null');
    expect(requireParameter(0)).toBe(0);
    expect(() => publicDocumentHref('')).toThrow('the parameter cannot be null');
  });

  it('builds the public document address, inline or as a download', () => {
    expect(publicDocumentHref('/Documenti/Setup/1/statuto.pdf')).toBe(
      '/api/v1/SharepointContent/DownloadPublicDoc?serverRelativeUrl=%2FDocumenti%2FSetup%2F1%2Fstatuto.pdf',
    );
    expect(publicDocumentHref('/a b.pdf', true)).toMatch(
      /serverRelativeUrl=%2Fa\+b\.pdf&download=1$/,
    );
  });
});
