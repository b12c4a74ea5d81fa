import { CAROUSEL_INTERVAL_MS } from '@sodalis/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ExternalLink, useExternalLink } from '../../components/external-link';

interface Slide {
  title: string;
  text: string;
  action: ReactNode;
}

/**
 * The home carousel (spec §2.5, §9: a slide every 5000 ms): contacts and two external sites.
 * Bootstrap's carousel markup; it stops while hovered or focused and has a pause button
 * (WCAG 2.2.2). Every slide is in the server-rendered HTML.
 */
export function HomeCarousel({ acronym }: { acronym: string }) {
  const professionalSite = useExternalLink('area-professionale');
  const journal = useExternalLink('rivista');
  const slides: Slide[] = [
    {
      title: 'Contatta la segreteria',
      text: 'Sede nazionale, recapiti e indirizzi e-mail per soci e affiliati.',
      action: (
        <Link to="/contatti" className="btn btn-primary">
          Contatti
        </Link>
      ),
    },
    {
      title: `L’area professionale ${acronym}`,
      text: 'Corsi, congressi e materiali per i professionisti della medicina trasfusionale.',
      action: (
        <ExternalLink href={professionalSite?.url ?? '/'} className="btn btn-primary">
          Visita il sito
        </ExternalLink>
      ),
    },
    {
      title: 'Blood Transfusion',
      text: 'La rivista scientifica di riferimento per la medicina trasfusionale.',
      action: (
        <ExternalLink href={journal?.url ?? '/'} className="btn btn-primary">
          Leggi la rivista
        </ExternalLink>
      ),
    },
  ];
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (paused || held) return;
    const timer = setInterval(
      () => setActive((current) => (current + 1) % slides.length),
      CAROUSEL_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, [paused, held, slides.length]);

  const go = (step: number) =>
    setActive((current) => (current + step + slides.length) % slides.length);

  return (
    <section
      className="home-carousel"
      aria-roledescription="carosello"
      aria-labelledby="home-carousel-title"
      data-testid="home-carousel"
    >
      <h2 id="home-carousel-title" className="visually-hidden">
        In primo piano
      </h2>
      <div
        className="carousel carousel-dark"
        onMouseEnter={() => setHeld(true)}
        onMouseLeave={() => setHeld(false)}
        onFocus={() => setHeld(true)}
        onBlur={() => setHeld(false)}
      >
        <div className="carousel-indicators">
          {slides.map((slide, index) => (
            <button
              key={slide.title}
              type="button"
              className={index === active ? 'active' : undefined}
              aria-current={index === active}
              aria-label={`Vai alla diapositiva ${index + 1}: ${slide.title}`}
              onClick={() => setActive(index)}
            />
          ))}
        </div>
        <div className="carousel-inner" aria-live={paused || held ? 'polite' : 'off'}>
          {slides.map((slide, index) => (
            <div
              key={slide.title}
              className={`carousel-item${index === active ? ' active' : ''}`}
              role="group"
              aria-roledescription="diapositiva"
              aria-label={`${index + 1} di ${slides.length}`}
              aria-hidden={index !== active}
            >
              <div className="home-carousel__slide">
                <h3>{slide.title}</h3>
                <p>{slide.text}</p>
                {slide.action}
              </div>
            </div>
          ))}
        </div>
        <button className="carousel-control-prev" type="button" onClick={() => go(-1)}>
          <span className="carousel-control-prev-icon" aria-hidden="true" />
          <span className="visually-hidden">Precedente</span>
        </button>
        <button className="carousel-control-next" type="button" onClick={() => go(1)}>
          <span className="carousel-control-next-icon" aria-hidden="true" />
          <span className="visually-hidden">Successiva</span>
        </button>
      </div>
      <div className="home-carousel__toolbar">
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          aria-pressed={paused}
          onClick={() => setPaused(!paused)}
        >
          {paused ? 'Riprendi lo scorrimento' : 'Ferma lo scorrimento'}
        </button>
      </div>
    </section>
  );
}
