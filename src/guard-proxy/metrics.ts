/**
 * Prometheus counters for `GET /metrics`: requests by route and status, verdicts by outcome,
 * actions, and a histogram of the latency the guard adds (its own work, not the upstream's).
 */
// Fine below 5 ms, where a clean reply's check lands; coarse above, where rewrites (model calls) land.
const BUCKETS_MS = [0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000];

export class GuardMetrics {
  readonly #requests = new Map<string, number>();
  readonly #outcomes = new Map<string, number>();
  readonly #actions = new Map<string, number>();
  readonly #buckets = new Array<number>(BUCKETS_MS.length).fill(0);
  #count = 0;
  #sum = 0;

  request(route: string, status: number): void {
    bump(this.#requests, `route="${route}",status="${status}"`);
  }

  verdict(outcome: string | null, action: string): void {
    bump(this.#outcomes, `outcome="${outcome ?? 'unchecked'}"`);
    bump(this.#actions, `action="${action}"`);
  }

  added(ms: number): void {
    this.#count++;
    this.#sum += ms;
    for (let index = 0; index < BUCKETS_MS.length; index++) if (ms <= BUCKETS_MS[index]!) this.#buckets[index]!++;
  }

  render(): string {
    const lines: string[] = [];
    const counter = (name: string, help: string, values: Map<string, number>) => {
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} counter`);
      for (const [labels, value] of values) lines.push(`${name}{${labels}} ${value}`);
    };
    counter('felicity_guard_requests_total', 'Requests answered, by route and status.', this.#requests);
    counter('felicity_guard_verdicts_total', 'Replies judged, by the outcome of the draft.', this.#outcomes);
    counter('felicity_guard_actions_total', 'What the guard did with each reply.', this.#actions);
    lines.push('# HELP felicity_guard_added_latency_ms Time the guard added to a judged response, in ms.', '# TYPE felicity_guard_added_latency_ms histogram');
    BUCKETS_MS.forEach((bound, index) => lines.push(`felicity_guard_added_latency_ms_bucket{le="${bound}"} ${this.#buckets[index]}`));
    lines.push(`felicity_guard_added_latency_ms_bucket{le="+Inf"} ${this.#count}`);
    lines.push(`felicity_guard_added_latency_ms_sum ${this.#sum}`, `felicity_guard_added_latency_ms_count ${this.#count}`);
    return `${lines.join('\n')}\n`;
  }
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}
