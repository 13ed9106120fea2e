// The BFF's Prometheus metrics, in a registry of its own per app: request durations and /proxy outcomes.
import { Counter, Histogram, Registry } from 'prom-client';

type DurationLabel = 'method' | 'route' | 'status_code';

export class BffMetrics {
  readonly registry = new Registry();
  private readonly duration = new Histogram<DurationLabel>({
    name: 'fidis_bff_http_request_duration_seconds',
    help: 'BFF request duration by method, route and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
    registers: [this.registry],
  });
  readonly proxyOutcomes = new Counter<'code'>({
    name: 'fidis_bff_proxy_outcomes_total',
    help: 'POST /proxy outcomes by code (FORWARDED or the refusal code)',
    labelNames: ['code'],
    registers: [this.registry],
  });
  // One histogram child per (method, route, status): prom-client would otherwise hash the labels on every call.
  private readonly durationOf = new Map<string, Histogram.Internal<DurationLabel>>();

  observe(method: string, route: string, statusCode: number, seconds: number): void {
    const id = `${method} ${route} ${statusCode}`;
    let child = this.durationOf.get(id);
    if (!child) {
      child = this.duration.labels({ method, route, status_code: String(statusCode) });
      this.durationOf.set(id, child);
    }
    child.observe(seconds);
  }
}
