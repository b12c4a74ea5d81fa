import type { BoardMember, FileContent } from '@sodalis/contracts';
import { apiRequest } from '../../api/api-client';
import { requireParameter, showDocument } from '../../shared/documents/open-document';

async function downloadCv(id: number) {
  try {
    const file = await apiRequest<FileContent>(
      `/api/v1/SharepointContent/GetCVById?id=${requireParameter(id)}`,
    );
    if (file !== null) showDocument(file);
  } catch (error) {
    // Spec §7: failures loading files are logged only.
    console.warn('CV non disponibile', error);
  }
}

/** The board (Consiglio Direttivo) as cards: photo, name, role and "Scarica il CV" (spec §2.11). */
export function BoardGallery({ members }: { members: BoardMember[] }) {
  return (
    <section aria-labelledby="consiglio-direttivo" className="mt-5" data-testid="board">
      <h2 id="consiglio-direttivo" className="h3 mb-3">
        Consiglio Direttivo
      </h2>
      <ul className="row row-cols-2 row-cols-md-3 row-cols-lg-4 g-3 list-unstyled">
        {members.map((member) => (
          <li key={member.id} className="col">
            <div className="card h-100 text-center board-card">
              {member.fotoProfilo ? (
                <img
                  src={`data:image/png;base64,${member.fotoProfilo}`}
                  alt={`Foto di ${member.title}`}
                  className="board-card__photo mx-auto mt-3"
                  width={96}
                  height={96}
                />
              ) : null}
              <div className="card-body">
                <h3 className="h6 mb-1">{member.title}</h3>
                <p className="small text-body-secondary">{member.ruolo}</p>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-primary"
                  onClick={() => void downloadCv(member.id)}
                >
                  Scarica il CV<span className="visually-hidden"> di {member.title}</span>
                </button>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
