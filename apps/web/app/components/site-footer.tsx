import { Link } from 'react-router';
import { EXTERNAL_LINKS, FOOTER_COPY } from '../copy/site';
import { ExternalLink } from './external-link';

/** The footer (spec §2.4): privacy, cookie, legal data, continuing education, social page. */
export function SiteFooter({
  social,
  societyName,
  year,
}: {
  /** The social page of the contacts (/contatti); the default one until they are published. */
  social: { etichetta: string; url: string } | null;
  societyName: string;
  year: number;
}) {
  return (
    <footer className="site-footer">
      <div className="container">
        <nav aria-label="Collegamenti del piè di pagina">
          <ul className="site-footer__links list-unstyled">
            <li>
              <ExternalLink href={EXTERNAL_LINKS.privacyPolicy.href}>
                {EXTERNAL_LINKS.privacyPolicy.label}
              </ExternalLink>
            </li>
            <li>
              <Link to="/cookie">{FOOTER_COPY.cookie}</Link>
            </li>
            <li>
              <Link to="/dati-legali">{FOOTER_COPY.legalData}</Link>
            </li>
            <li>
              <Link to="/trasparenza">{FOOTER_COPY.transparency}</Link>
            </li>
            <li>
              <ExternalLink href={EXTERNAL_LINKS.continuingEducation.href}>
                {EXTERNAL_LINKS.continuingEducation.label}
              </ExternalLink>
            </li>
            <li>
              <ExternalLink href={social?.url ?? EXTERNAL_LINKS.social.href}>
                {social?.etichetta ?? EXTERNAL_LINKS.social.label}
              </ExternalLink>
            </li>
          </ul>
        </nav>
        <p className="site-footer__copyright">
          © {year} {societyName}. {FOOTER_COPY.rights}
        </p>
      </div>
    </footer>
  );
}
