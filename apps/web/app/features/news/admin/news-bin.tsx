import { italianDateTime, type AdminBinItem, type AdminPage } from '@sodalis/contracts';
import { useCallback, useEffect, useState } from 'react';
import { Button, Confirm, Title, useNotify } from 'react-admin';
import { Link } from 'react-router';
import { adminFetch, adminJson, adminPath } from '../../admin/data-provider';
import { errorText } from '../../admin/error-text';

const BIN = `${adminPath('news')}/Bin`;

/**
 * The news bin (ADR 023): what was deleted in the last 30 days, each restorable or deletable for
 * good, and the whole bin emptied with a confirmation.
 */
export function NewsBin() {
  const notify = useNotify();
  const [page, setPage] = useState<AdminPage<AdminBinItem> | null>(null);
  const [askEmpty, setAskEmpty] = useState(false);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(() => {
    adminJson<AdminPage<AdminBinItem>>(BIN)
      .then(setPage)
      .catch((error: unknown) =>
        notify(errorText(error, 'Impossibile leggere il cestino.'), { type: 'error' }),
      );
  }, [notify]);
  useEffect(reload, [reload]);

  async function act(url: string, method: 'POST' | 'DELETE', done: string) {
    setBusy(true);
    try {
      await adminFetch(url, { method });
      notify(done, { type: 'info' });
      reload();
    } catch (error) {
      notify(errorText(error, 'Operazione non riuscita.'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="admin-dashboard">
      <Title title="Cestino delle notizie" />
      <h1 className="h3">Cestino delle notizie</h1>
      <p>
        Le notizie eliminate restano qui 30 giorni: puoi ripristinarle come erano o eliminarle
        definitivamente. <Link to="/amministrazione/news">Torna alle notizie</Link>
      </p>
      {page === null ? (
        <p role="status">Caricamento…</p>
      ) : page.items.length === 0 ? (
        <p role="status">Il cestino è vuoto.</p>
      ) : (
        <>
          <table className="admin-bin" data-testid="news-bin">
            <thead>
              <tr>
                <th scope="col">Titolo</th>
                <th scope="col">Eliminata il</th>
                <th scope="col">Eliminata per sempre il</th>
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
                          `${adminPath('news', item.id)}/Restore`,
                          'POST',
                          `Notizia ripristinata: ${item.title}`,
                        )
                      }
                    />
                    <Button
                      label="Elimina definitivamente"
                      disabled={busy}
                      aria-label={`Elimina definitivamente ${item.title}`}
                      onClick={() =>
                        void act(
                          `${BIN}/${item.id}`,
                          'DELETE',
                          `Notizia eliminata definitivamente: ${item.title}`,
                        )
                      }
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Button
            label="Svuota il cestino"
            variant="outlined"
            disabled={busy}
            onClick={() => setAskEmpty(true)}
          />
        </>
      )}
      <Confirm
        isOpen={askEmpty}
        title="Svuotare il cestino?"
        content="Tutte le notizie del cestino saranno eliminate definitivamente."
        confirm="Svuota"
        onConfirm={() => {
          setAskEmpty(false);
          void act(BIN, 'DELETE', 'Cestino svuotato.');
        }}
        onClose={() => setAskEmpty(false)}
      />
    </div>
  );
}
