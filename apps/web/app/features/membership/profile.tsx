import {
  DUE_METHOD_LABELS,
  DUE_STATUS_LABELS,
  duesPaymentPath,
  italianEuroText,
  italianDate,
  ITALIAN_REGIONS,
  MEMBER_PROFILE_MESSAGES,
  receiptLabel,
  STANDING_LABELS,
  type MemberProfile,
  type MemberReceipt,
} from '@sodalis/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError, apiRequest } from '../../api/api-client';
import { downloadReceipt, memberReceipts } from '../../shared/documents/member-receipts';
import { reservedAreaGuard } from '../../shared/session/guard';

export interface ProfileData {
  /** Null for an account without a membership (staff, or never recorded). */
  profile: MemberProfile | null;
  receipts: MemberReceipt[];
}

/** The profile and the receipts, in the browser behind the reserved guard (spec §6). */
export async function loadProfile(request: Request): Promise<ProfileData> {
  reservedAreaGuard(request);
  const [profile, receipts] = await Promise.all([
    apiRequest<MemberProfile>('/api/v1/Membership/Profilo').catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }),
    memberReceipts(),
  ]);
  return { profile, receipts };
}

function ReceiptButton({ receipt }: { receipt: MemberReceipt }) {
  const label =
    receipt.kind === 'receipt'
      ? receiptLabel(receipt.number)
      : `Ricevuta di annullamento n. ${receipt.number}`;
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline-primary me-2 mb-1"
      onClick={() => void downloadReceipt(receipt.id)}
    >
      {label} (PDF)
    </button>
  );
}

const FIELD_LABELS = {
  phone: 'Telefono',
  qualification: 'Qualifica',
  workplace: 'Sede di lavoro',
  centre: 'Centro o reparto',
} as const;

function ProfileForm({ profile }: { profile: MemberProfile }) {
  const [values, setValues] = useState<Record<string, string>>({
    phone: profile.phone ?? '',
    qualification: profile.qualification ?? '',
    workplace: profile.workplace ?? '',
    centre: profile.centre ?? '',
    region: profile.region ?? '',
  });
  const [errors, setErrors] = useState(new Map<string, string>());
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await apiRequest<MemberProfile>('/api/v1/Membership/Profilo', {
        method: 'PUT',
        body: values,
      });
      setErrors(new Map());
      setMessage({ ok: true, text: MEMBER_PROFILE_MESSAGES.saved });
    } catch (error) {
      const issues =
        error instanceof ApiError
          ? ((error.body as { error?: { issues?: { path: string; message: string }[] } } | null)
              ?.error?.issues ?? [])
          : [];
      setErrors(new Map(issues.map((issue) => [issue.path, issue.message])));
      setMessage({ ok: false, text: MEMBER_PROFILE_MESSAGES.failed });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof typeof FIELD_LABELS, required: boolean, autoComplete?: string) => {
    const id = `profilo-${name}`;
    const error = errors.get(name);
    return (
      <div className="mb-3" key={name}>
        <label htmlFor={id} className="form-label">
          {FIELD_LABELS[name]}
          {required ? ' (obbligatorio)' : ''}
        </label>
        <input
          id={id}
          name={name}
          type={name === 'phone' ? 'tel' : 'text'}
          className={`form-control${error ? ' is-invalid' : ''}`}
          value={values[name] ?? ''}
          onChange={(event) => setValues({ ...values, [name]: event.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-errore` : undefined}
          {...(autoComplete ? { autoComplete } : {})}
        />
        {error ? (
          <div id={`${id}-errore`} className="invalid-feedback">
            {error}
          </div>
        ) : null}
      </div>
    );
  };
  const regionError = errors.get('region');

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="profilo-modifica">
      <h2 id="profilo-modifica" className="h4 mt-4">
        Contatti e lavoro
      </h2>
      {field('phone', false, 'tel')}
      {field('qualification', true)}
      {field('workplace', true)}
      {field('centre', false)}
      <div className="mb-3">
        <label htmlFor="profilo-region" className="form-label">
          Regione (obbligatorio)
        </label>
        <select
          id="profilo-region"
          name="region"
          className={`form-select${regionError ? ' is-invalid' : ''}`}
          value={values.region}
          onChange={(event) => setValues({ ...values, region: event.target.value })}
          aria-invalid={regionError ? true : undefined}
          aria-describedby={regionError ? 'profilo-region-errore' : undefined}
        >
          <option value="">Scegli…</option>
          {ITALIAN_REGIONS.map((region) => (
            <option key={region} value={region}>
              {region}
            </option>
          ))}
        </select>
        {regionError ? (
          <div id="profilo-region-errore" className="invalid-feedback">
            {regionError}
          </div>
        ) : null}
      </div>
      <div aria-live="polite">
        {message ? (
          <p className={message.ok ? 'text-success' : 'text-danger'} data-testid="profile-message">
            {message.text}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Salva
      </button>
    </form>
  );
}

/**
 * "Il mio profilo" (ADR 030): data, standing, years with their receipts, consents, the form;
 * the route gives it the reserved area's frame and breadcrumb.
 */
export function ProfilePage({ data }: { data: ProfileData }) {
  const { profile, receipts } = data;
  const receiptsOf = (paymentId: number | null) =>
    paymentId === null ? [] : receipts.filter((receipt) => receipt.paymentId === paymentId);
  return (
    <>
      <h1>{MEMBER_PROFILE_MESSAGES.title}</h1>
      {profile === null ? (
        <p>{MEMBER_PROFILE_MESSAGES.noMembership}</p>
      ) : (
        <>
          <dl className="row" data-testid="profile-data">
            <dt className="col-sm-3">Nome</dt>
            <dd className="col-sm-9">
              {profile.firstName} {profile.lastName}
            </dd>
            <dt className="col-sm-3">E-mail</dt>
            <dd className="col-sm-9">{profile.email}</dd>
            <dt className="col-sm-3">Numero socio</dt>
            <dd className="col-sm-9">{profile.memberNumber ?? '—'}</dd>
            <dt className="col-sm-3">Iscrizione</dt>
            <dd className="col-sm-9">
              {profile.kind}
              {profile.section ? ` (${profile.section})` : ''}, dal {profile.sinceYear}
            </dd>
            <dt className="col-sm-3">Codice fiscale</dt>
            <dd className="col-sm-9">{profile.codiceFiscale ?? '—'}</dd>
            <dt className="col-sm-3">Stato</dt>
            <dd className="col-sm-9" data-testid="profile-standing">
              {STANDING_LABELS[profile.standing]}
            </dd>
          </dl>
          <p className="small">
            Per cambiare e-mail, nome o codice fiscale scrivi alla segreteria.
          </p>

          <h2 className="h4 mt-4">Quote</h2>
          <div className="table-responsive">
            <table className="table" data-testid="profile-years">
              <thead>
                <tr>
                  <th scope="col">Anno</th>
                  <th scope="col">Stato</th>
                  <th scope="col">Importo</th>
                  <th scope="col">Metodo</th>
                  <th scope="col">Pagata il</th>
                  <th scope="col">Ricevute</th>
                </tr>
              </thead>
              <tbody>
                {profile.years.map((year) => (
                  <tr key={year.year}>
                    <th scope="row">{year.year}</th>
                    <td>{DUE_STATUS_LABELS[year.status]}</td>
                    <td>{year.amountCents === null ? '—' : italianEuroText(year.amountCents)}</td>
                    <td>{year.method === null ? '—' : DUE_METHOD_LABELS[year.method]}</td>
                    <td>{year.settledOn === null ? '—' : italianDate(year.settledOn)}</td>
                    <td>
                      {receiptsOf(year.paymentId).map((receipt) => (
                        <ReceiptButton key={receipt.id} receipt={receipt} />
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {profile.years.some((year) => year.status === 'unpaid') ? (
            // The fee page's payment tab lists the open years and pays them together (ADR 029).
            <p>
              <Link
                className="btn btn-primary"
                to={duesPaymentPath(profile.kind)}
                data-testid="profile-pay"
              >
                {MEMBER_PROFILE_MESSAGES.payOpenYears}
              </Link>
            </p>
          ) : null}
        </>
      )}

      <h2 className="h4 mt-4">Ricevute</h2>
      {receipts.length === 0 ? (
        <p>Nessuna ricevuta.</p>
      ) : (
        <ul className="list-unstyled" data-testid="profile-receipts">
          {receipts.map((receipt) => (
            <li key={receipt.id}>
              <ReceiptButton receipt={receipt} /> anno {receipt.years},{' '}
              {italianEuroText(Math.round(Number(receipt.amount) * 100))}, emessa il{' '}
              {italianDate(receipt.issuedAt)}
              {receipt.cancels ? ` (annulla la ricevuta n. ${receipt.cancels})` : ''}
            </li>
          ))}
        </ul>
      )}

      {profile === null ? null : (
        <>
          <h2 className="h4 mt-4">Consensi</h2>
          {profile.consents.length === 0 ? (
            <p>Nessun consenso registrato.</p>
          ) : (
            <ul>
              {profile.consents.map((consent) => (
                <li key={`${consent.version}-${consent.acceptedAt}`}>
                  {consent.what}, versione {consent.version}, dato il{' '}
                  {italianDate(consent.acceptedAt)}
                </li>
              ))}
            </ul>
          )}
          <ProfileForm profile={profile} />
        </>
      )}
    </>
  );
}
