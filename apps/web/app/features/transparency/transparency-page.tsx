import {
  italianDate,
  type TransparencyPage,
  type TransparencyPublication,
} from '@sodalis/contracts';
import { ExternalLink } from '../../components/external-link';
import { onPublicDocumentClick, publicDocumentHref } from '../../shared/documents/open-document';

/** The page's texts (ADR 026). */
export const TRANSPARENCY_COPY = {
  title: 'Società trasparente',
  description:
    'Statuto, codice etico, bilanci, incarichi, conflitti di interesse, produzione scientifica e contributi pubblici ricevuti dalla società.',
  accreditedIntro:
    'In questa sezione la società pubblica le informazioni previste per le società scientifiche accreditate presso il Ministero della Salute (legge 8 marzo 2017, n. 24, art. 5, e decreto ministeriale 2 agosto 2017) e i contributi pubblici ricevuti (legge 4 agosto 2017, n. 124, art. 1, comma 125).',
  intro:
    'In questa sezione la società pubblica i propri documenti istituzionali, i bilanci e i contributi pubblici ricevuti (legge 4 agosto 2017, n. 124, art. 1, comma 125).',
  ets: 'La società è un Ente del Terzo settore (decreto legislativo 3 luglio 2017, n. 117).',
  stampDutyExempt:
    'La società è esente dall’imposta di bollo (decreto legislativo 3 luglio 2017, n. 117, art. 82, comma 5).',
  updatedOn: 'Ultimo aggiornamento',
  contents: 'Indice della sezione',
  none: 'Nessun documento pubblicato.',
  noContributions: 'Nessun contributo pubblico registrato.',
  publishedOn: 'Pubblicato il',
  changedOn: 'aggiornato il',
  year: 'Anno di riferimento',
  download: 'scarica',
  moreInfo: 'Approfondisci',
  contributionsOf: 'Contributi pubblici ricevuti nel',
  grantor: 'Ente erogatore',
  amount: 'Importo',
  date: 'Data di incasso',
  purpose: 'Causale',
  total: 'Totale',
} as const;

const EUROS = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });
/** `€ 15.000,50` of whole cents. */
export const euros = (cents: number) => EUROS.format(cents / 100);

function Publication({ publication }: { publication: TransparencyPublication }) {
  const copy = TRANSPARENCY_COPY;
  return (
    <li className="transparency-publication">
      <h3 className="h6 mb-1">{publication.title}</h3>
      <p className="small text-body-secondary mb-1">
        {publication.typeLabel}
        {publication.year === null ? null : ` · ${copy.year} ${publication.year}`}
        {' · '}
        {copy.publishedOn}{' '}
        <time dateTime={publication.publishedOn}>{italianDate(publication.publishedOn)}</time>,{' '}
        {copy.changedOn}{' '}
        <time dateTime={publication.updatedOn}>{italianDate(publication.updatedOn)}</time>
      </p>
      {publication.description === null ? null : <p className="mb-1">{publication.description}</p>}
      {publication.attachments.length === 0 ? null : (
        <ul className="list-unstyled mb-1">
          {publication.attachments.map((attachment) => (
            <li key={attachment.serverRelativeUrl}>
              <a
                href={publicDocumentHref(attachment.serverRelativeUrl)}
                target="_blank"
                rel="noopener"
                onClick={(event) =>
                  onPublicDocumentClick(event, attachment.serverRelativeUrl, attachment.fileName)
                }
              >
                {attachment.fileName} (PDF)
              </a>{' '}
              (
              <a
                href={publicDocumentHref(attachment.serverRelativeUrl, true)}
                download={attachment.fileName}
              >
                {copy.download}
              </a>
              )
            </li>
          ))}
        </ul>
      )}
      {publication.linkUrl === null ? null : (
        <ExternalLink href={publication.linkUrl}>{copy.moreInfo}</ExternalLink>
      )}
    </li>
  );
}

function Publications({ items }: { items: TransparencyPublication[] }) {
  return items.length === 0 ? null : (
    <ul className="list-unstyled transparency-publications">
      {items.map((publication) => (
        <Publication key={publication.id} publication={publication} />
      ))}
    </ul>
  );
}

function ContributionTables({ years }: { years: TransparencyPage['contributionYears'] }) {
  const copy = TRANSPARENCY_COPY;
  return (
    <>
      {years.map((year) => (
        // A table wider than a phone scrolls sideways: focusable, so the keyboard scrolls it too.
        <div
          key={year.year}
          className="table-responsive"
          role="region"
          aria-label={`${copy.contributionsOf} ${year.year}`}
          tabIndex={0}
        >
          <table className="table table-sm">
            <caption>
              {copy.contributionsOf} {year.year}
            </caption>
            <thead>
              <tr>
                <th scope="col">{copy.grantor}</th>
                <th scope="col" className="text-end">
                  {copy.amount}
                </th>
                <th scope="col">{copy.date}</th>
                <th scope="col">{copy.purpose}</th>
              </tr>
            </thead>
            <tbody>
              {year.rows.map((row) => (
                <tr key={row.id}>
                  <td>{row.grantor}</td>
                  <td className="text-end text-nowrap">{euros(row.amountCents)}</td>
                  <td>
                    <time dateTime={row.receivedOn}>{italianDate(row.receivedOn)}</time>
                  </td>
                  <td>{row.purpose}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{copy.total}</th>
                <td className="text-end text-nowrap fw-bold">{euros(year.totalCents)}</td>
                <td colSpan={2} />
              </tr>
            </tfoot>
          </table>
        </div>
      ))}
    </>
  );
}

/** "Società trasparente" (ADR 026): the sections that apply, in order, with an index. */
export function TransparencySections({ page }: { page: TransparencyPage }) {
  const copy = TRANSPARENCY_COPY;
  return (
    <>
      <p>{page.status.accredited ? copy.accreditedIntro : copy.intro}</p>
      {page.status.ets ? <p>{copy.ets}</p> : null}
      {page.status.stampDutyExempt ? <p>{copy.stampDutyExempt}</p> : null}
      {page.updatedOn === null ? null : (
        <p className="text-body-secondary">
          {copy.updatedOn}: <time dateTime={page.updatedOn}>{italianDate(page.updatedOn)}</time>
        </p>
      )}
      <nav aria-labelledby="indice-trasparenza" className="mb-4">
        <h2 id="indice-trasparenza" className="h5">
          {copy.contents}
        </h2>
        <ul>
          {page.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {page.sections.map((section) => {
        const contributions = section.id === 'contributi-pubblici';
        const empty =
          section.publications.length === 0 &&
          (!contributions || page.contributionYears.length === 0);
        return (
          <section key={section.id} aria-labelledby={section.id} className="mb-4">
            <h2 id={section.id} className="h4">
              {section.title}
            </h2>
            <p>{section.intro}</p>
            {contributions ? <ContributionTables years={page.contributionYears} /> : null}
            <Publications items={section.publications} />
            {empty ? (
              <p className="text-body-secondary">
                {contributions ? copy.noContributions : copy.none}
              </p>
            ) : null}
          </section>
        );
      })}
    </>
  );
}
