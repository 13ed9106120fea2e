// Issue 29's tamperings, each on a company chain of its own, done as whoever holds the database could (triggers off,
// as its owner or a superuser can), and each named by `npm run audit:verify` with its company and number — on
// PostgreSQL and PGlite. Migration 0011's unkeyed chain passed every one of them. The breaks add up: each test
// expects exactly the lines of the tamperings so far, so none is missed and nothing untouched is blamed.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages.ts';
import { auditVerifyCommand } from '../admin/audit-verify-command.ts';
import { commandRunner } from '../admin/test-support.ts';
import { auditLog, cards, companies } from '../db/schema.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { appendAudit, appendCardEvent } from './append.ts';
import { type ContentRow, contentOf, linkContent, rowsOf } from './link.ts';

const m = messages.admin.audit;
let h: Harness;
let cardId: string;
/** Each tampering's own chain: a company with three audit rows and three card events, alternating. */
const chains: Record<string, number> = {};
const TAMPERINGS = ['rechain', 'renumber', 'gap', 'gone', 'tail', 'overwrite', 'function', 'event', 'slipped'];

beforeAll(async () => {
  h = await createHarness();
  const [card] = await h.db.select({ id: cards.id }).from(cards).limit(1);
  cardId = (card as { id: string }).id;
  for (const [i, name] of TAMPERINGS.entries()) {
    const [company] = await h.db
      .insert(companies)
      .values({ cnpj: String(90_000_000_000_000 + i), corporateName: `Empresa ${name}`, relationCode: `T${i}` })
      .returning({ id: companies.id });
    const id = (company as { id: number }).id;
    chains[name] = id;
    for (let n = 1; n <= 6; n++) await write(id, n);
  }
  const published = await verify('--publish');
  expect(published.code, published.printed).toBe(0);
});
afterAll(() => h.close());

const write = (companyId: number, n: number) =>
  n % 2
    ? appendAudit(h.db, {
        at: new Date(Date.UTC(2026, 2, 2, 12, 0, n)),
        action: 'user.update',
        target: `usuario:pessoa.${n}`,
        companyId,
        actorLogin: 'admin.empresa',
        actorName: 'Administradora',
        before: { perfil: 'Consulta' },
        after: { perfil: 'Administrador' },
        address: '203.0.113.9',
      })
    : appendCardEvent(h.db, {
        cardId,
        at: new Date(Date.UTC(2026, 2, 2, 12, 0, n)),
        action: 'LIMIT_CHANGE',
        before: { creditLimit: '1000.00' },
        after: { creditLimit: '2500.00' },
        address: '203.0.113.9',
        companyId,
      });

async function verify(...argv: string[]) {
  const run = commandRunner(h.handle);
  const code = await auditVerifyCommand(argv, run.opts({ AUDIT_HEADS_DIR: h.headsDir }));
  return { code, printed: run.printed(), lines: run.printed().split('\n') };
}

/** As the database's owner could: the append-only triggers off for one transaction. */
async function behindTheDatabase(...statements: SQL[]) {
  await h.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    for (const s of statements) await tx.execute(s);
  });
}

interface Link {
  seq: number;
  source: 'a' | 'c';
  rowId: number;
}
async function linksOf(chain: number): Promise<Link[]> {
  const rows = rowsOf<{ seq: string; source: 'a' | 'c'; row_id: string }>(
    await h.db.execute(
      sql`SELECT seq::text AS seq, source, row_id::text AS row_id FROM audit_chain WHERE chain = ${chain} ORDER BY audit_chain.seq`,
    ),
  );
  return rows.map((r) => ({ seq: Number(r.seq), source: r.source, rowId: Number(r.row_id) }));
}
const at = (links: Link[], seq: number) => links.find((l) => l.seq === seq) as Link;
const rowName = (l: Link) => `${l.source}-${l.rowId}`;
const deleteRow = (l: Link) =>
  l.source === 'a'
    ? sql`DELETE FROM audit_log WHERE id = ${l.rowId}`
    : sql`DELETE FROM card_events WHERE id = ${l.rowId}`;

/**
 * What someone who knows the format but not the key can do: link again from `fromSeq` with an unkeyed sha256 (the
 * old chain's method) over each row as it now reads.
 */
async function rechainUnkeyed(chain: number, fromSeq: number) {
  const links = await linksOf(chain);
  const [prevLink] = rowsOf<{ mac: string }>(
    await h.db.execute(sql`SELECT mac FROM audit_chain WHERE chain = ${chain} AND seq = ${fromSeq - 1}`),
  );
  let prev = prevLink?.mac ?? '';
  for (const link of links.filter((l) => l.seq >= fromSeq)) {
    const [row] = (await contentOf(h.db, link.source, [link.rowId])) as [ContentRow];
    prev = createHash('sha256')
      .update(linkContent(chain, link.seq, prev, row))
      .digest('hex');
    await h.db.execute(sql`UPDATE audit_chain SET mac = ${prev} WHERE chain = ${chain} AND seq = ${link.seq}`);
  }
}

const broken: string[] = [];
async function expectBroken(...lines: string[]) {
  broken.push(...lines);
  const result = await verify();
  expect(result.code).toBe(1);
  expect([...result.lines].sort()).toEqual([...broken].sort());
}

describe('each tampering with the trail is named by audit:verify', () => {
  it('an untouched trail verifies against its published head', async () => {
    const result = await verify();
    expect(result.code, result.printed).toBe(0);
    expect(result.printed).toContain('Trilha de auditoria íntegra:');
  });

  it('a row edited, and every later link recomputed with the old unkeyed method', async () => {
    const chain = chains.rechain as number;
    const edited = at(await linksOf(chain), 3);
    await behindTheDatabase(sql`UPDATE audit_log SET after = '{"perfil": "Consulta"}' WHERE id = ${edited.rowId}`);
    await rechainUnkeyed(chain, 3);
    await expectBroken(m.broken.content(chain, 3, rowName(edited)));
  });

  it('a row deleted with its link, the later links renumbered and recomputed', async () => {
    const chain = chains.renumber as number;
    const links = await linksOf(chain);
    await behindTheDatabase(deleteRow(at(links, 2)), sql`DELETE FROM audit_chain WHERE chain = ${chain} AND seq = 2`);
    for (const l of links.filter((x) => x.seq > 2)) {
      await h.db.execute(sql`UPDATE audit_chain SET seq = ${l.seq - 1} WHERE chain = ${chain} AND seq = ${l.seq}`);
    }
    await rechainUnkeyed(chain, 2);
    await expectBroken(m.broken.content(chain, 2, rowName(at(links, 3))));
  });

  it('a row deleted with its link, nothing renumbered', async () => {
    const chain = chains.gap as number;
    const links = await linksOf(chain);
    await behindTheDatabase(deleteRow(at(links, 4)), sql`DELETE FROM audit_chain WHERE chain = ${chain} AND seq = 4`);
    await expectBroken(m.broken.sequence(chain, 5, rowName(at(links, 5))));
  });

  it('a row deleted, its link left behind', async () => {
    const chain = chains.gone as number;
    const gone = at(await linksOf(chain), 2);
    await behindTheDatabase(deleteRow(gone));
    await expectBroken(m.broken.missing(chain, 2, rowName(gone)));
  });

  it('the tail dropped: the last rows and their links deleted, every MAC left still holding', async () => {
    const chain = chains.tail as number;
    const links = await linksOf(chain);
    await behindTheDatabase(
      deleteRow(at(links, 5)),
      deleteRow(at(links, 6)),
      sql`DELETE FROM audit_chain WHERE chain = ${chain} AND seq > 4`,
    );
    await expectBroken(m.broken.truncated(chain, 4, 6));
  });

  it('the tail dropped, then the portal writing on over it', async () => {
    const chain = chains.overwrite as number;
    const links = await linksOf(chain);
    await behindTheDatabase(
      deleteRow(at(links, 5)),
      deleteRow(at(links, 6)),
      sql`DELETE FROM audit_chain WHERE chain = ${chain} AND seq > 4`,
    );
    for (let n = 7; n <= 9; n++) await write(chain, n);
    expect((await linksOf(chain)).map((l) => l.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    await expectBroken(m.broken.rechained(chain, 6));
  });

  it('a database function replaced: the append-only guard made to let an UPDATE through', async () => {
    const chain = chains.function as number;
    const edited = at(await linksOf(chain), 5);
    await h.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RETURN NEW; END $$`),
    );
    try {
      await h.db.update(auditLog).set({ target: 'usuario:outra.pessoa' }).where(eq(auditLog.id, edited.rowId));
    } finally {
      // The guard as migration 0011 wrote it, for the suites after this one.
      const migration = readFileSync(join(import.meta.dirname, '../db/migrations/0011_audit_chain.sql'), 'utf8');
      const guard = migration.slice(migration.indexOf('CREATE FUNCTION audit_log_append_only'));
      await h.db.execute(
        sql.raw(guard.slice(0, guard.indexOf('--> statement-breakpoint')).replace('CREATE', 'CREATE OR REPLACE')),
      );
    }
    await expectBroken(m.broken.content(chain, 5, rowName(edited)));
  });

  it('a card event updated: refused as is, found when done with the triggers off', async () => {
    const chain = chains.event as number;
    const edited = at(await linksOf(chain), 4);
    await expect(
      h.db.execute(sql`UPDATE card_events SET after = '{"creditLimit": "90000.00"}' WHERE id = ${edited.rowId}`),
    ).rejects.toMatchObject({ cause: { message: 'card_events is append-only (UPDATE)' } });
    await behindTheDatabase(
      sql`UPDATE card_events SET after = '{"creditLimit": "90000.00"}' WHERE id = ${edited.rowId}`,
    );
    await expectBroken(m.broken.content(chain, 4, rowName(edited)));
  });

  it('a row slipped in behind the portal, with no link', async () => {
    const chain = chains.slipped as number;
    const [slipped] = await h.db
      .insert(auditLog)
      .values({ at: new Date(), action: 'user.delete', target: 'usuario:ninguem', companyId: chain })
      .returning({ id: auditLog.id });
    await expectBroken(m.broken.unlinked(chain, `a-${slipped?.id}`));
  });

  it('the published head edited: its signature no longer holds, and nothing is vouched for', async () => {
    const file = join(h.headsDir, 'latest.json');
    const published = JSON.parse(readFileSync(file, 'utf8'));
    published.heads[0].seq -= 1;
    writeFileSync(file, JSON.stringify(published));
    const result = await verify();
    expect(result.code).toBe(1);
    expect(result.lines).toEqual([m.invalidHeads(file)]);
  });
});
