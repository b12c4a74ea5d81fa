import { Link } from 'react-router';

/** The breadcrumb of a page (spec §2.6, §2.9, §2.11): home, then the path to this page. */
export function Breadcrumb({ trail }: { trail: { label: string; to?: string }[] }) {
  return (
    <nav aria-label="Percorso" className="page-breadcrumb">
      <ol className="breadcrumb">
        <li className="breadcrumb-item">
          <Link to="/">Home</Link>
        </li>
        {trail.map((step, index) =>
          step.to && index < trail.length - 1 ? (
            <li key={step.label} className="breadcrumb-item">
              <Link to={step.to}>{step.label}</Link>
            </li>
          ) : (
            <li key={step.label} className="breadcrumb-item active" aria-current="page">
              {step.label}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
