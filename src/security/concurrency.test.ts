// Many operators acting on one card at once, over real HTTP: limit changes mixed with blocks and unblocks.
// Every acknowledged change must be on the record exactly once, refused ones not at all, each change must start
// from the state the previous one left (no lost update), and the card must end as the last committed change says.
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_REASONS, endpoints } from '../contracts/index.ts';
import { buildCard, buildCompany } from '../provider/test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../provider/test/harness.ts';

const CALLS = 200;

interface Call {
  kind: 'limit' | 'block' | 'unblock';
  /** A value only this call writes: the new limit, or the block's description. */
  mark: string;
  status: number;
  code?: string;
  /** Ticks of one counter: when the call left and when its answer came back. */
  sentAt: number;
  ackAt: number;
}

interface Event {
  id: number;
  action: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

let h: Harness;
let base: string;
let token: string;
let card: { uuid: string; id: string; last4: string };

beforeAll(async () => {
  h = await createHarness();
  base = await h.app.listen({ host: '127.0.0.1', port: 0 });
  token = await h.token(DEMO.login, DEMO.password);
  // Limit 10 000 with nothing used and the relationship with room to spare (R$ 10 million): every limit from 5 000 to
  // 10 000 is one the account can hold, whatever order the changes land in, so a refused limit change can only be a
  // defect.
  const company = await buildCompany(h, { members: [DEMO.login] });
  const built = await buildCard(h, company, { creditLimit: '10000.00' });
  card = { uuid: built.account.id, id: built.card.id, last4: built.card.last4 };
});
afterAll(() => h.close());

let tick = 0;
let round = 0;

async function send(kind: Call['kind'], i: number): Promise<Call> {
  const mark = kind === 'limit' ? (5000 + round * 1000 + i + 0.25).toFixed(2) : `round ${round} call ${i}`;
  const path =
    kind === 'limit'
      ? endpoints.changeLimit.path
      : kind === 'block'
        ? endpoints.blockCard.path
        : endpoints.activateCard.path;
  const body =
    kind === 'limit'
      ? { availableLimit: Number(mark), changeLimit: 'S', last4digits: card.last4 }
      : kind === 'block'
        ? { descriptionOccurrence: mark, last4digits: card.last4, blockingReason: BLOCK_REASONS[i % 4] }
        : { last4digits: card.last4, action: 'A' };
  const sentAt = tick++;
  const res = await request(`${base}${path.replace('{uuid}', card.uuid)}`, {
    method: kind === 'limit' ? 'PUT' : 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.body.json()) as { code?: string };
  return { kind, mark, status: res.statusCode, code: answer.code, sentAt, ackAt: tick++ };
}

/** Runs the calls with at most `inFlight` outstanding at any moment (CALLS means all at once). */
async function fire(inFlight: number): Promise<{ calls: Call[]; events: Event[] }> {
  round += 1;
  const { rows } = await h.handle.sql.query<{ id: number | string | null }>(`select max(id) as id from card_events`);
  const since = Number(rows[0]?.id ?? 0);
  const kinds: Call['kind'][] = Array.from({ length: CALLS }, (_, i) =>
    i % 2 === 0 ? 'limit' : i % 4 === 1 ? 'block' : 'unblock',
  );
  const calls: Call[] = [];
  let next = 0;
  const worker = async () => {
    while (next < kinds.length) {
      const i = next++;
      calls.push(await send(kinds[i] as Call['kind'], i));
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  const { rows: events } = await h.handle.sql.query<Event>(
    `select id, action, before, after from card_events where card_id = $1 and id > $2 order by id`,
    [card.id, since],
  );
  return { calls, events: events.map((e) => ({ ...e, id: Number(e.id) })) };
}

const stateOf = (e: Record<string, unknown>) => ({
  status: e.status,
  blockCode: e.blockCode,
  activeFlag: e.activeFlag,
});

async function check({ calls, events }: { calls: Call[]; events: Event[] }) {
  expect(calls).toHaveLength(CALLS);
  // Every limit is one the account can hold; a block or unblock may only be refused for the card's state.
  for (const c of calls) {
    if (c.kind === 'limit') expect(c.status, `${c.mark} ${c.code}`).toBe(200);
    else if (c.status !== 200)
      expect([409, c.code]).toEqual([c.status, c.kind === 'block' ? 'CARD_ALREADY_BLOCKED' : 'CARD_NOT_BLOCKED']);
  }
  const acked = (kind: Call['kind']) => calls.filter((c) => c.kind === kind && c.status === 200);

  // One event per acknowledged change, none for a refused one.
  const limitEvents = events.filter((e) => e.action === 'LIMIT_CHANGE');
  const stateEvents = events.filter((e) => e.action === 'BLOCK' || e.action === 'ACTIVATE');
  expect(events.length).toBe(limitEvents.length + stateEvents.length);
  expect(limitEvents.map((e) => Number(e.after.creditLimit).toFixed(2)).sort()).toEqual(
    acked('limit')
      .map((c) => c.mark)
      .sort(),
  );
  expect(
    events
      .filter((e) => e.action === 'BLOCK')
      .map((e) => e.after.description)
      .sort(),
  ).toEqual(
    acked('block')
      .map((c) => c.mark)
      .sort(),
  );
  expect(events.filter((e) => e.action === 'ACTIVATE')).toHaveLength(acked('unblock').length);

  // No lost update: each change starts from what the change committed just before it left.
  limitEvents.slice(1).forEach((e, i) => {
    expect(e.before.creditLimit, `event ${e.id}`).toBe(limitEvents[i]?.after.creditLimit);
  });
  stateEvents.slice(1).forEach((e, i) => {
    expect(stateOf(e.before), `event ${e.id}`).toEqual(stateOf(stateEvents[i]?.after ?? {}));
  });
  // Blocks and unblocks alternate: a refused one wrote nothing, so no two blocks follow each other.
  stateEvents.slice(1).forEach((e, i) => {
    expect(e.action).not.toBe(stateEvents[i]?.action);
  });

  // The commit order agrees with the acknowledgements: a change answered before another was sent committed first.
  const commitOrder = new Map<string, number>();
  for (const e of limitEvents) commitOrder.set(Number(e.after.creditLimit).toFixed(2), e.id);
  for (const e of events.filter((x) => x.action === 'BLOCK')) commitOrder.set(String(e.after.description), e.id);
  const known = calls.filter((c) => c.status === 200 && c.kind !== 'unblock');
  for (const a of known) {
    for (const b of known) {
      if (a.ackAt < b.sentAt) expect(commitOrder.get(a.mark)).toBeLessThan(commitOrder.get(b.mark) as number);
    }
  }

  // The card ends as the last committed change of each kind says, read back through the API.
  const lastLimit = limitEvents.at(-1);
  const lastState = stateEvents.at(-1);
  const limit = await request(`${base}${endpoints.readLimit.path.replace('{uuid}', card.uuid)}`, {
    headers: { ...bearer(token), last4digits: card.last4 },
  });
  // Nothing was spent meanwhile, so what is available is the whole limit the last change set.
  expect(await limit.body.json()).toEqual({
    creditLimit: lastLimit?.after.creditLimit,
    availableLimit: lastLimit?.after.creditLimit,
    availableCreditLimitUsed: 0,
  });
  const consult = await request(`${base}${endpoints.consultCard.path.replace('{uuid}', card.uuid)}`, {
    headers: { ...bearer(token), last4digits: card.last4 },
  });
  expect(((await consult.body.json()) as { status: string }).status).toBe(lastState?.after.status);
  const { rows } = await h.handle.sql.query<{ status: string; block_code: string | null; credit_limit: string }>(
    `select c.status, c.block_code, a.credit_limit from cards c join accounts a on a.id = c.account_id where c.id = $1`,
    [card.id],
  );
  expect(rows[0]?.status).toBe(lastState?.after.status);
  expect(rows[0]?.block_code ?? null).toBe(lastState?.after.blockCode ?? null);
  expect(Number(rows[0]?.credit_limit)).toBe(lastLimit?.after.creditLimit);
}

describe(`${CALLS} limit changes, blocks and unblocks on one card`, () => {
  it('all sent at once: one event per acknowledged change, no lost update, the last commit wins', async () => {
    await check(await fire(CALLS));
  });

  it('twenty in flight at a time: the commit order also agrees with the order of the answers', async () => {
    const result = await fire(20);
    // With a window, many calls leave after others were answered: the order check has pairs to compare.
    const pairs = result.calls.filter((a) => result.calls.some((b) => a.ackAt < b.sentAt)).length;
    expect(pairs).toBeGreaterThan(CALLS / 2);
    await check(result);
  });
});
