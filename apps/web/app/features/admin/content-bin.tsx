import { italianDateTime, type AdminBinItem, type AdminPage } from '@sodalis/contracts';
import { useCallback, useEffect, useState } from 'react';
import { Button, Confirm, Title, useNotify } from 'react-admin';
import { Link } from 'react-router';
import { CreateButton, TopToolbar } from 'react-admin';
import { adminJson, adminPath } from './data-provider';
import { errorText } from './error-text';
import { useStaffCall } from './staff-call';
import { resourceBins, type ResourceBin } from './staff-directory';

/** A list's toolbar: "Crea" (or the kind's own words) and the way to its bin. */
export function ListActionsWithBin({ createLabel }: { createLabel?: string }) {
  return (
    <TopToolbar>
      <CreateButton {...(createLabel === undefined ? {} : { label: createLabel })} />
      <Link to="/amministrazione/cestino" className="admin-toolbar-link">
        Cestino
      </Link>
    </TopToolbar>
  );
}

/**
 * The back office's bin (ADR 023, ADR 031): what was deleted in the last 30 days, one section
 * per kind of content; each item restorable or deletable for good, each section emptied with a
 * confirmation.
 */
export function ContentBin() {
  return (
    <div className="admin-dashboard">
      <Title title="Cestino" />
      <h1 className="h3">Cestino</h1>
      <p>
        I contenuti eliminati restano qui 30 giorni: puoi ripristinarli come erano o eliminarli
        definitivamente.
      </p>
      {/* Each resource that keeps a bin, as its feature says (ADR 031, 046). */}
      {resourceBins().map((bin) => (
        <BinSection key={bin.resource} {...bin} />
      ))}
    </div>
  );
}

function BinSection({ resource, label, testId, noun, ending }: ResourceBin) {
  const notify = useNotify();
  const { saving: busy, call } = useStaffCall();
  const bin = `${adminPath(resource)}/Bin`;
  const [page, setPage] = useState<AdminPage<AdminBinItem> | null>(null);
  const [askEmpty, setAskEmpty] = useState(false);

  const reload = useCallback(() => {
    adminJson<AdminPage<AdminBinItem>>(bin)
      .then(setPage)
      .catch((error: unknown) =>
        notify(errorText(error, 'Impossibile leggere il cestino.'), { type: 'error' }),
      );
  }, [bin, notify]);
  useEffect(reload, [reload]);

  async function act(url: string, method: 'POST' | 'DELETE', done: string) {
    if (await call(url, { method }, () => done)) reload();
  }

  const headingId = `${testId}-title`;
  return (
    <section aria-labelledby={headingId} className="mb-4">
      <h2 id={headingId} className="h5">
        {label}
      </h2>
      {page === null ? (
        <p role="status">Caricamento…</p>
      ) : page.items.length === 0 ? (
        <p role="status">Nessun elemento nel cestino.</p>
      ) : (
        <>
          <table className="admin-bin" data-testid={testId}>
            <thead>
              <tr>
                <th scope="col">Titolo</th>
                <th scope="col">Eliminato il</th>
                <th scope="col">Eliminato per sempre il</th>
                <th scope="col">Azioni</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((item) => (
                <tr key={item.id}>
                  <td>{item.title}</td>
                  <td>{italianDateTime(item.deletedAt)}</td>
                  <td>{italianDateTime(item.purgeAt)}</td>
                  <td>
                    <Button
                      label="Ripristina"
                      disabled={busy}
                      aria-label={`Ripristina ${item.title}`}
                      onClick={() =>
                        void act(
                          `${adminPath(resource, item.id)}/Restore`,
                          'POST',
                          `${noun} ripristinat${ending}: ${item.title}`,
                        )
                      }
                    />
                    <Button
                      label="Elimina definitivamente"
                      disabled={busy}
                      aria-label={`Elimina definitivamente ${item.title}`}
                      onClick={() =>
                        void act(
                          `${bin}/${item.id}`,
                          'DELETE',
                          `${noun} eliminat${ending} definitivamente: ${item.title}`,
                        )
                      }
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Button
            label={`Svuota il cestino: ${label}`}
            variant="outlined"
            disabled={busy}
            onClick={() => setAskEmpty(true)}
          />
        </>
      )}
      <Confirm
        isOpen={askEmpty}
        title={`Svuotare il cestino: ${label}?`}
        content="Tutti questi elementi del cestino saranno eliminati definitivamente."
        confirm="Svuota"
        onConfirm={() => {
          setAskEmpty(false);
          void act(bin, 'DELETE', 'Cestino svuotato.');
        }}
        onClose={() => setAskEmpty(false)}
      />
    </section>
  );
}
