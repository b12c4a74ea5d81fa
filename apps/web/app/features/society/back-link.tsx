import { Link } from 'react-router';

/** The back button of the society's sub-pages (spec §2.11). */
export function BackToAbout() {
  return (
    <Link to="/chi-siamo" className="btn btn-outline-secondary mt-4">
      ← Torna a Chi siamo
    </Link>
  );
}
