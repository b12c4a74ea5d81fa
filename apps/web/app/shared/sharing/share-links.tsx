import { NEW_TAB_HINT } from '../../copy/site';

export interface ShareTarget {
  /** Absolute address of the page (default: the current one). */
  url: string;
  title: string;
  /** The society's handle on X, for "via" (spec §2.14). */
  xHandle: string;
}

/** The five share addresses of spec §2.14 (Facebook, X with "via", LinkedIn, WhatsApp, e-mail). */
export function shareLinks({ url, title, xHandle }: ShareTarget) {
  const encodedUrl = encodeURIComponent(url);
  return [
    {
      id: 'facebook',
      label: 'Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`,
    },
    {
      id: 'x',
      label: 'X',
      href: `https://twitter.com/intent/tweet?url=${encodedUrl}&text=${encodeURIComponent(title)}&via=${encodeURIComponent(xHandle)}`,
    },
    {
      id: 'linkedin',
      label: 'LinkedIn',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${encodedUrl}`,
    },
    {
      id: 'whatsapp',
      label: 'WhatsApp',
      href: `https://api.whatsapp.com/send?text=${encodeURIComponent(`${title} ${url}`)}`,
    },
    {
      id: 'email',
      label: 'E-mail',
      href: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${title}\n${url}`)}`,
    },
  ] as const;
}

/** Share links and a print action (spec §2.14), each opening in a new tab. */
export function ShareBar(target: ShareTarget) {
  return (
    <nav className="share-bar" aria-label="Condividi" data-testid="share-bar">
      <span className="share-bar__label">Condividi:</span>
      <ul className="list-inline mb-0">
        {shareLinks(target).map((link) => (
          <li key={link.id} className="list-inline-item">
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className="btn btn-sm btn-outline-secondary"
              data-share={link.id}
            >
              {link.label}
              <span className="visually-hidden"> {NEW_TAB_HINT}</span>
            </a>
          </li>
        ))}
        <li className="list-inline-item">
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => window.print()}
          >
            Stampa
          </button>
        </li>
      </ul>
    </nav>
  );
}

/** The share target of the page being rendered: its address as the visitor sees it. */
export function shareTargetOf(request: Request, xHandle: string, title: string): ShareTarget {
  return { url: request.url, title, xHandle };
}
