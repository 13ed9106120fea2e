// A prepared read's rows built by a plain loop over decoders found once (issue 17). drizzle's own mapper
// (`mapResultRow`) asks `is()` of every selected field, walks its path with an iterator and reduces into the answer,
// on every row: on the provider's reads of 37–50 rows that was 120–180 µs a call, more than the rows' parsing. The
// fields of a prepared read never change, so what each one needs is decided when it is prepared.
//
// Same answers as drizzle's, property order included, and a left join's unmatched table turned into null as drizzle
// decides it (tested shape by shape against drizzle's own mapper).
import { Column, getTableName, is, noopDecoder, SQL, Subquery } from 'drizzle-orm';

/** A selected field as drizzle keeps it on a prepared query (`orderSelectedFields`). */
interface SelectedField {
  path: string[];
  field: unknown;
}

type Decode = (value: unknown) => unknown;
type Row = unknown[];

/** What drizzle's prepared query carries that a mapper needs, and the hook it calls instead of `mapResultRow`. */
interface MappableQuery {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: Row[]) => unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

const identity = Column.prototype.mapFromDriverValue;

/** An SQL's decoder: drizzle's internal field (what `mapWith` sets), read the way its own mapper reads it. */
const decoderOfSql = (s: SQL) => (s as unknown as { decoder: Decoder }).decoder;

/** The decoder drizzle's mapper would pick for this field, found once; null when it hands the value back as is. */
function decodeOf(field: unknown): Decode | null {
  let decoder: Decoder;
  if (is(field, Column)) decoder = field;
  else if (is(field, SQL)) decoder = decoderOfSql(field);
  else if (is(field, Subquery)) decoder = decoderOfSql(field._.sql as SQL);
  else decoder = decoderOfSql((field as SQL.Aliased).sql);
  if (decoder === noopDecoder || decoder.mapFromDriverValue === identity) return null;
  return (value) => decoder.mapFromDriverValue(value);
}

/** A nested table drizzle turns into null when its first column comes back null (a left join that matched nothing). */
interface Nullable {
  object: string;
  firstLeaf: string;
}

/**
 * The nested objects drizzle's mapper may turn into null, as it decides: an object whose table columns all belong
 * to one table joined as nullable, judged by its first column's value.
 */
function nullablesOf(fields: SelectedField[], joins: Record<string, boolean> | undefined): Nullable[] {
  if (!joins) return [];
  const tables = new Map<string, { table: string | null; firstLeaf: string }>();
  for (const { path, field } of fields) {
    if (path.length !== 2 || !is(field, Column)) continue;
    const [object, leaf] = path as [string, string];
    const table = getTableName(field.table);
    const seen = tables.get(object);
    if (!seen) tables.set(object, { table, firstLeaf: leaf });
    else if (seen.table !== table) seen.table = null;
  }
  return [...tables]
    .filter(([, { table }]) => table !== null && !joins[table])
    .map(([object, { firstLeaf }]) => ({ object, firstLeaf }));
}

/** The rows of `fields` as drizzle's `mapResultRow` builds them, with each field's decoder and path found once. */
function compileRowMapper(
  fields: SelectedField[],
  joins?: Record<string, boolean>,
): (rows: Row[]) => Record<string, unknown>[] {
  const count = fields.length;
  const decodes = fields.map(({ field }) => decodeOf(field));
  const parents = fields.map(({ path }) => path.slice(0, -1));
  const leaves = fields.map(({ path }) => path[path.length - 1] as string);
  const nullables = nullablesOf(fields, joins);

  const mapRow = (row: Row): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    for (let i = 0; i < count; i++) {
      let node = result;
      for (const chunk of parents[i] as string[]) {
        node[chunk] ??= {};
        node = node[chunk] as Record<string, unknown>;
      }
      const raw = row[i];
      const decode = decodes[i];
      node[leaves[i] as string] = raw === null ? null : decode ? decode(raw) : raw;
    }
    for (const { object, firstLeaf } of nullables) {
      if ((result[object] as Record<string, unknown>)[firstLeaf] === null) result[object] = null;
    }
    return result;
  };
  return (rows) => {
    const out = new Array<Record<string, unknown>>(rows.length);
    for (let r = 0; r < rows.length; r++) out[r] = mapRow(rows[r] as Row);
    return out;
  };
}

/**
 * Gives a prepared select the compiled mapper, when drizzle would map it with `mapResultRow`; anything else (a raw
 * statement, a relational query) is left as drizzle made it. Answers whether it did, so a test notices a drizzle
 * upgrade that renames what this relies on.
 */
export function installRowMapper(query: unknown): boolean {
  if (typeof query !== 'object' || query === null) return false;
  const q = query as MappableQuery;
  if (!Array.isArray(q.fields) || q.customResultMapper !== undefined) return false;
  q.customResultMapper = compileRowMapper(q.fields, q.joinsNotNullableMap);
  return true;
}
