import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Where the outbox backlog is read from at each scrape. */
export type OutboxBacklog = () => Promise<{ pending: number; retrying: number; dead: number }>;

/**
 * The Prometheus metrics of one application instance (ADR 028), in a registry of its own so
 * several apps in one process (the tests) never share counters. Requests are labelled by route
 * pattern, never by raw address: a label per URL would grow without bound.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly loginFailures: Counter<'reason'>;

  constructor(outboxBacklog: OutboxBacklog) {
    collectDefaultMetrics({ register: this.registry, prefix: 'sodalis_' });
    this.requestDuration = new Histogram({
      name: 'sodalis_http_request_duration_seconds',
      help: 'Durata delle richieste HTTP per percorso (modello della rotta), metodo ed esito.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.loginFailures = new Counter({
      name: 'sodalis_login_failures_total',
      help: 'Accessi rifiutati: credenziali errate o troppi tentativi.',
      labelNames: ['reason'],
      registers: [this.registry],
    });
    new Gauge({
      name: 'sodalis_outbox_messages',
      help: 'Messaggi in uscita per stato: in attesa, in attesa dopo un errore, abbandonati.',
      labelNames: ['state'],
      registers: [this.registry],
      async collect() {
        const backlog = await outboxBacklog();
        this.set({ state: 'pending' }, backlog.pending);
        this.set({ state: 'retrying' }, backlog.retrying);
        this.set({ state: 'dead' }, backlog.dead);
      },
    });
  }

  observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
    this.requestDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
  }

  /** A refused sign-in (API or the page's form): 401 wrong credentials, 429 too many tries. */
  countLoginRefusal(status: number): void {
    if (status === 401) this.loginFailures.inc({ reason: 'credenziali' });
    else if (status === 429) this.loginFailures.inc({ reason: 'troppi-tentativi' });
  }

  /** The exposition text, and its content type. */
  async exposition(): Promise<{ text: string; contentType: string }> {
    return { text: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}
