import { afterEach, describe, expect, it, vi } from 'vitest';
import { showDocument } from './open-document';

const PDF = { fileName: 'verbale.pdf', content: btoa('%PDF-1.4 verbale') };

/** The links the page clicked to download (the helper's `<a download>`). */
function watchDownloads(): string[] {
  const downloaded: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloaded.push(this.download);
  });
  return downloaded;
}

describe('showDocument (spec §2.15)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens a new tab wider than 860 px, cuts its link back, and downloads nothing', () => {
    const downloaded = watchDownloads();
    const tab = { opener: window as unknown } as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(tab);
    showDocument(PDF, 1280);
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0]?.[0]).toMatch(/^blob:/);
    // A third argument with `noopener` would make the browser answer null every time.
    expect(open.mock.calls[0]?.[2]).toBeUndefined();
    expect(tab.opener).toBeNull();
    expect(downloaded).toEqual([]);
  });

  it('downloads when the browser blocks the new tab', () => {
    const downloaded = watchDownloads();
    vi.spyOn(window, 'open').mockReturnValue(null);
    showDocument(PDF, 1280);
    expect(downloaded).toEqual(['verbale.pdf']);
  });

  it('downloads at 860 px or less without opening a tab', () => {
    const downloaded = watchDownloads();
    const open = vi.spyOn(window, 'open');
    showDocument(PDF, 860);
    expect(open).not.toHaveBeenCalled();
    expect(downloaded).toEqual(['verbale.pdf']);
  });
});
