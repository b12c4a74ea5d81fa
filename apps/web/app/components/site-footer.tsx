import type { ContactsContent } from '@sodalis/contracts';
import { Link } from 'react-router';
import { FOOTER_COPY } from '../copy/site';
import { ExternalLink, PhoneLink, useExternalLink } from './external-link';

/**
 * The footer (spec §2.4): privacy, cookie, legal data, continuing education, social page, and
 * the secretariat's address, phone and first e-mail. Contacts and social page are those of
 * /contatti, the other sites' links those of the links' list (ADR 035): each edited in one place.
 */
export function SiteFooter({
  contacts,
  societyName,
  year,
}: {
  /** The contents of /contatti; null until they are published (then none are shown). */
  contacts: ContactsContent | null;
  societyName: string;
  year: number;
}) {
  const privacyPolicy = useExternalLink('privacy');
  const continuingEducation = useExternalLink('formazione');
  const email = contacts?.email[0];
  return (
    <footer className="site-footer">
      <div className="container">
        {contacts === null ? null : (
          <p className="mb-3" data-testid="footer-contacts">
            {contacts.indirizzo} · {FOOTER_COPY.phone} <PhoneLink number={contacts.telefono} />
            {email === undefined ? null : (
              <>
                {' '}
                · {FOOTER_COPY.email} <a href={`mailto:${email.indirizzo}`}>{email.indirizzo}</a>
              </>
            )}
          </p>
        )}
        <nav aria-label="Collegamenti del piè di pagina">
          <ul className="site-footer__links list-unstyled">
            {privacyPolicy === null ? null : (
              <li>
                <ExternalLink href={privacyPolicy.url}>{privacyPolicy.etichetta}</ExternalLink>
              </li>
            )}
            <li>
              <Link to="/cookie">{FOOTER_COPY.cookie}</Link>
            </li>
            <li>
              <Link to="/dati-legali">{FOOTER_COPY.legalData}</Link>
            </li>
            <li>
              <Link to="/trasparenza">{FOOTER_COPY.transparency}</Link>
            </li>
            {continuingEducation === null ? null : (
              <li>
                <ExternalLink href={continuingEducation.url}>
                  {continuingEducation.etichetta}
                </ExternalLink>
              </li>
            )}
            {contacts === null ? null : (
              <li>
                <ExternalLink href={contacts.social.url}>{contacts.social.etichetta}</ExternalLink>
              </li>
            )}
          </ul>
        </nav>
        <p className="site-footer__copyright">
          © {year} {societyName}. {FOOTER_COPY.rights}
        </p>
      </div>
    </footer>
  );
}
