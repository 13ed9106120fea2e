// Plans kept by the embedded database for drizzle's repeated reads (issue 17). PGlite sends every query as an unnamed
// statement, so PostgreSQL parses and plans it again on each call: about 180 µs of a 400 µs read on this machine.
// On PostgreSQL, src/provider/db/prepared.ts already keeps a named statement per connection; PGlite's query API has
// no named statements, so here each SELECT text is PREPAREd once in the session (PGlite is one session) and run with
// EXECUTE, its values written as quoted literals that PostgreSQL coerces to the parameter types it inferred, exactly
// as it does with text parameters. Anything this cannot write exactly (a Date, an object, a NUL), a text PostgreSQL
// cannot prepare, and every query inside a transaction go the ordinary way.
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/** Past this many distinct texts, new ones run the ordinary way: plans live in the engine's memory. */
const MAX_PLANS = 256;
const SELECT = /^\s*select\s/i;
/** SQLSTATE invalid_sql_statement_name: the plan is gone (a DEALLOCATE), so it is made again. */
const PLAN_GONE = '26000';

/**
 * A value as the literal PGlite would have sent as a text parameter, or null when it cannot be written exactly.
 * E'' strings read backslashes the same whatever standard_conforming_strings says; both quote and backslash are
 * doubled, so the text cannot leave its literal.
 */
function literal(value: unknown): string | null {
  let text: string;
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === 'bigint') text = value.toString();
  else if (typeof value === 'boolean') text = value ? 't' : 'f';
  else return null;
  // A NUL would end the statement's C string early; PostgreSQL refuses it in text anyway, the ordinary way says so.
  if (text.includes('\0')) return null;
  return `E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

function literals(params: unknown[] | undefined): string[] | null {
  if (!params) return [];
  const out: string[] = [];
  for (const value of params) {
    const written = literal(value);
    if (written === null) return null;
    out.push(written);
  }
  return out;
}

const plansOfClient = new WeakMap<PGlite, PglitePlans>();

/** The plans of one embedded database: one set per session, so two callers never reuse each other's names. */
export function plansOf(client: PGlite): PglitePlans {
  let plans = plansOfClient.get(client);
  if (!plans) {
    plans = new PglitePlans(client);
    plansOfClient.set(client, plans);
  }
  return plans;
}

class PglitePlans {
  /** Each text's plan name once PREPAREd, or null when it could not be. */
  private readonly plans = new Map<string, Promise<string | null>>();
  private made = 0;

  constructor(private readonly client: PGlite) {}

  async query<T>(text: string, params: unknown[] | undefined, options: QueryOptions | undefined): Promise<Results<T>> {
    const values = SELECT.test(text) ? literals(params) : null;
    const name = values ? await this.planOf(text) : null;
    if (!values || name === null) return this.client.query<T>(text, params, options);
    const execute = values.length > 0 ? `execute ${name}(${values.join(', ')})` : `execute ${name}`;
    try {
      return await this.client.query<T>(execute, [], options);
    } catch (err) {
      if ((err as { code?: unknown }).code !== PLAN_GONE) throw err;
      this.plans.delete(text);
      return this.client.query<T>(text, params, options);
    }
  }

  private planOf(text: string): Promise<string | null> {
    let plan = this.plans.get(text);
    if (!plan) {
      if (this.plans.size >= MAX_PLANS) return Promise.resolve(null);
      const name = `fidis_plan_${++this.made}`;
      plan = this.client.exec(`prepare ${name} as ${text}`).then(
        () => name,
        () => null,
      );
      this.plans.set(text, plan);
    }
    return plan;
  }
}
