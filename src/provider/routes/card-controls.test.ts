import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contracts/messages.ts';
import { cardConsult, embossData } from '../../contracts/schemas.ts';
import { accounts, cardEvents, cards, occurrences, portalUsers } from '../db/schema.ts';
import {
  type BuiltCard,
  type BuiltCompany,
  buildCard,
  buildCompany,
  buildUser,
  holderIn,
} from '../test/builders/index.ts';
import { bearer, createHarness, DEMO, type Harness } from '../test/harness.ts';

let h: Harness;
let demoToken: string;
let otherToken: string;
let demoUserId: string;
/** The demo operator's company, whose cards the tests act on. */
let companyA: BuiltCompany;

beforeAll(async () => {
  h = await createHarness();
  companyA = await buildCompany(h, { members: [DEMO.login] });
  // The operator of another company.
  const other = await buildUser(h, { password: DEMO.password });
  await buildCompany(h, { members: [other.login] });
  demoToken = await h.token(DEMO.login, DEMO.password);
  otherToken = await h.token(other.login, DEMO.password);
  const [demo] = await h.db.select({ id: portalUsers.id }).from(portalUsers).where(eq(portalUsers.login, DEMO.login));
  demoUserId = (demo as { id: string }).id;
});
afterAll(() => h.close());

type Row = BuiltCard;
let temporaries = 0;

/**
 * A company A holder built in the wanted state: live and Actived, blocked temporarily with one of the portal's
 * reasons (P, R and BE in turn), blocked for good, or of a cancelled account.
 */
function take(kind: 'active' | 'temporary' | 'permanent' | 'cancelled'): Promise<Row> {
  const reasons = ['P', 'R', 'BE'] as const;
  const state =
    kind === 'temporary'
      ? holderIn.blocked(reasons[temporaries++ % reasons.length] ?? 'P')
      : kind === 'permanent'
        ? holderIn.permanentlyBlocked()
        : kind === 'cancelled'
          ? holderIn.cancelled()
          : {};
  return buildCard(h, companyA, state);
}

async function reload(row: Row): Promise<Row> {
  const [fresh] = await h.db
    .select({ account: accounts, card: cards })
    .from(accounts)
    .innerJoin(cards, eq(cards.accountId, accounts.id))
    .where(eq(cards.id, row.card.id));
  return fresh as Row;
}

const eventsOf = (row: Row) =>
  h.db.select().from(cardEvents).where(eq(cardEvents.cardId, row.card.id)).orderBy(asc(cardEvents.id));

const call = (method: 'POST' | 'PUT', url: string, payload: unknown, token = demoToken) =>
  h.app.inject({ method, url, headers: bearer(token), payload: payload as object });

const get = (url: string, headers: Record<string, string>, token = demoToken) =>
  h.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });

const block = (row: Row, reason = 'P', token = demoToken) =>
  call(
    'POST',
    `/v1/cards/block/${row.account.id}`,
    {
      descriptionOccurrence: 'Cliente informou perda',
      last4digits: row.card.last4,
      blockingReason: reason,
    },
    token,
  );
const unblock = (row: Row, token = demoToken) =>
  call('POST', `/v1/cards/activation/${row.account.id}`, { last4digits: row.card.last4, action: 'A' }, token);
const consult = async (row: Row) =>
  cardConsult.parse(
    (
      await get(`/v2/card/consult/${row.account.id}`, { last4digits: row.card.last4, product: String(row.card.logo) })
    ).json(),
  );

function expectRefusal(res: { statusCode: number; json(): unknown }, status: number, code: string, message: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ message, code });
}

describe('block (POST /v1/cards/block/{uuid})', () => {
  it('blocks an active card with each reason, recording who, when, what, before and after', async () => {
    for (const reason of ['P', 'R', 'BE', 'O']) {
      const row = await take('active');
      const res = await block(row, reason);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: messages.cardApi.blocked });
      const after = await reload(row);
      expect(after.card).toMatchObject({ status: 'Blocked', blockCode: reason, activeFlag: 'S' });
      const [event, ...more] = await eventsOf(row);
      expect(more).toHaveLength(0);
      expect(event).toMatchObject({
        actorUserId: demoUserId,
        at: h.clock(),
        action: 'BLOCK',
        before: { status: 'Actived', blockCode: null, activeFlag: 'S' },
        after: { status: 'Blocked', blockCode: reason, activeFlag: 'S', description: 'Cliente informou perda' },
      });
      // Temporary: the consult still offers the unblock.
      expect(await consult(row)).toMatchObject({ activeFlag: 'S', blockCode: null, status: 'Blocked' });
    }
  });

  it('refuses a card already blocked, a permanently blocked one and a cancelled account’s, changing nothing', async () => {
    const cases = [
      [await take('temporary'), 'CARD_ALREADY_BLOCKED', messages.cardApi.alreadyBlocked],
      [await take('permanent'), 'PERMANENTLY_BLOCKED', messages.cardApi.permanentlyBlocked],
      [await take('cancelled'), 'PERMANENTLY_BLOCKED', messages.cardApi.permanentlyBlocked],
    ] as const;
    for (const [row, code, message] of cases) {
      expectRefusal(await block(row, 'R'), 409, code, message);
      expect((await reload(row)).card).toEqual(row.card);
      expect(await eventsOf(row)).toHaveLength(0);
    }
  });

  it('answers 400 with a reason for a bad body, never 500', async () => {
    const row = await take('active');
    const url = `/v1/cards/block/${row.account.id}`;
    const bodies = [
      { descriptionOccurrence: '', last4digits: row.card.last4, blockingReason: 'X' },
      { descriptionOccurrence: '', last4digits: row.card.last4 },
      { descriptionOccurrence: 'x'.repeat(201), last4digits: row.card.last4, blockingReason: 'P' },
      { descriptionOccurrence: '', last4digits: '12a4', blockingReason: 'P' },
      [],
    ];
    for (const body of bodies) {
      const res = await call('POST', url, body);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const empty = await h.app.inject({ method: 'POST', url, headers: bearer(demoToken) });
    expect(empty.statusCode).toBe(400);
    const broken = await h.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(demoToken), 'content-type': 'application/json' },
      payload: '{"blockingReason": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(messages.generic.invalidInput);
    expect((await reload(row)).card).toEqual(row.card);
  });

  it('answers 404 for last digits that are not this account’s card', async () => {
    const row = await take('active');
    const other = await take('active');
    const res = await call('POST', `/v1/cards/block/${row.account.id}`, {
      descriptionOccurrence: '',
      last4digits: row.card.last4 === other.card.last4 ? '0000' : other.card.last4,
      blockingReason: 'P',
    });
    expectRefusal(res, 404, 'CARD_NOT_FOUND', messages.cardApi.cardNotFound);
    expect((await reload(other)).card.status).toBe('Actived');
  });
});

describe('unblock (POST /v1/cards/activation/{uuid})', () => {
  it('unblocks a temporarily blocked card: Actived, block code cleared, recorded', async () => {
    const row = await take('temporary');
    const res = await unblock(row);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.cardApi.activated });
    expect((await reload(row)).card).toMatchObject({ status: 'Actived', blockCode: null });
    const [event] = await eventsOf(row);
    expect(event).toMatchObject({
      action: 'ACTIVATE',
      actorUserId: demoUserId,
      before: { status: 'Blocked', blockCode: row.card.blockCode },
      after: { status: 'Actived', blockCode: null },
    });
  });

  it('blocks and unblocks the same card in turn', async () => {
    const row = await take('active');
    expect((await block(row, 'BE')).statusCode).toBe(200);
    expect((await unblock(row)).statusCode).toBe(200);
    expect(await consult(row)).toMatchObject({ activeFlag: 'S', blockCode: null, status: 'Actived' });
    expect((await eventsOf(row)).map((e) => e.action)).toEqual(['BLOCK', 'ACTIVATE']);
  });

  it('refuses an active card, a permanently blocked one and a cancelled account’s', async () => {
    expectRefusal(await unblock(await take('active')), 409, 'CARD_NOT_BLOCKED', messages.cardApi.notBlocked);
    for (const row of [await take('permanent'), await take('cancelled')]) {
      expectRefusal(await unblock(row), 409, 'PERMANENTLY_BLOCKED', messages.cardApi.permanentlyBlocked);
      expect((await reload(row)).card).toEqual(row.card);
      expect(await eventsOf(row)).toHaveLength(0);
    }
  });

  it('refuses a platform block code (activeFlag S with a code outside the portal’s reasons)', async () => {
    const row = await take('active');
    await h.db.update(cards).set({ status: 'Blocked', blockCode: 'F' }).where(eq(cards.id, row.card.id));
    expectRefusal(await unblock(row), 409, 'PERMANENTLY_BLOCKED', messages.cardApi.permanentlyBlocked);
    expect(await consult(row)).toMatchObject({ activeFlag: 'S', blockCode: 'F', status: 'Blocked' });
  });

  it('needs action A', async () => {
    const row = await take('temporary');
    const res = await call('POST', `/v1/cards/activation/${row.account.id}`, {
      last4digits: row.card.last4,
      action: 'B',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/action/);
  });
});

describe('deactivation (POST /v1/cards/deactivation/{uuid})', () => {
  it('deactivates for good: activeFlag N, then block, unblock, unlock and limit are refused', async () => {
    const row = await take('active');
    const res = await call('POST', `/v1/cards/deactivation/${row.account.id}`, { last4digits: row.card.last4 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.cardApi.deactivated });
    expect((await reload(row)).card).toMatchObject({ status: 'Blocked', activeFlag: 'N' });
    expect(await consult(row)).toMatchObject({ activeFlag: 'N', status: 'Blocked' });
    const permanent = [409, 'PERMANENTLY_BLOCKED', messages.cardApi.permanentlyBlocked] as const;
    expectRefusal(await block(row), ...permanent);
    expectRefusal(await unblock(row), ...permanent);
    expectRefusal(
      await call('POST', `/v1/cards/password/reset/${row.account.id}`, {
        last4digits: row.card.last4,
        userId: '000000001',
      }),
      ...permanent,
    );
    expectRefusal(
      await call('PUT', `/v1/limit/management/${row.account.id}`, {
        availableLimit: Number(row.account.creditLimit),
        changeLimit: 'S',
        last4digits: row.card.last4,
      }),
      ...permanent,
    );
    expectRefusal(
      await call('POST', `/v1/cards/deactivation/${row.account.id}`, { last4digits: row.card.last4 }),
      ...permanent,
    );
    expect((await eventsOf(row)).map((e) => e.action)).toEqual(['DEACTIVATE']);
  });
});

describe('password unlock (POST /v1/cards/password/reset/{uuid})', () => {
  const reset = (row: Row, userId = '000000042', token = demoToken) =>
    call('POST', `/v1/cards/password/reset/${row.account.id}`, { last4digits: row.card.last4, userId }, token);

  it('clears the password block, also on a temporarily blocked card, and records it', async () => {
    for (const row of [await take('active'), await take('temporary')]) {
      await h.db.update(cards).set({ passwordBlocked: true }).where(eq(cards.id, row.card.id));
      const res = await reset(row);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: messages.cardApi.passwordUnlocked });
      expect((await reload(row)).card.passwordBlocked).toBe(false);
      const [event] = await eventsOf(row);
      expect(event).toMatchObject({
        action: 'PASSWORD_RESET',
        before: { passwordBlocked: true },
        after: { passwordBlocked: false, userId: '000000042' },
      });
    }
  });

  it('needs the user id zero-padded to 9 digits', async () => {
    const row = await take('active');
    for (const userId of ['42', '0000000042', 'abcdefghi', '']) {
      const res = await reset(row, userId);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/userId/);
    }
    expect(await eventsOf(row)).toHaveLength(0);
  });

  it('refuses a permanently blocked card and a cancelled account’s', async () => {
    for (const row of [await take('permanent'), await take('cancelled')]) {
      expectRefusal(await reset(row), 409, 'PERMANENTLY_BLOCKED', messages.cardApi.permanentlyBlocked);
      expect(await eventsOf(row)).toHaveLength(0);
    }
  });
});

describe('second copy', () => {
  const request = (row: Row, reason = 'P', extra: Record<string, unknown> = {}) =>
    call('POST', `/v1/cards/issue/2way/${row.account.id}`, {
      last4digits: row.card.last4,
      reasonReissueCard: reason,
      embossName: row.card.embossName,
      deficiencyVisualdescription: '',
      line4Emboss: '',
      ...extra,
    });

  it('reads the emboss name and the visual-deficiency indicator first', async () => {
    const row = await take('active');
    await h.db.update(cards).set({ visualDeficiency: 'S' }).where(eq(cards.id, row.card.id));
    const res = await get(`/v1/cards/emboss/${row.account.id}`, { last4digits: row.card.last4 });
    expect(res.statusCode).toBe(200);
    expect(embossData.parse(res.json())).toEqual({ embossName: row.card.embossName, indVisualDeficiency: 'S' });
    const missing = await get(`/v1/cards/emboss/${row.account.id}`, {});
    expect(missing.statusCode).toBe(400);
  });

  it('issues a copy for reasons P and O: new last digits, the ISSUE_CARD_2_WAY occurrence and the event together', async () => {
    for (const reason of ['P', 'O']) {
      const row = await take('active');
      const res = await request(row, reason, { deficiencyVisualdescription: 'Baixa visão', line4Emboss: 'DIRETORIA' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: messages.cardApi.secondCopy });
      const { card } = await reload(row);
      expect(card.last4TwoWay).toMatch(/^\d{4}$/);
      expect(card.last4TwoWay).not.toBe(row.card.last4);
      const occ = await h.db.select().from(occurrences).where(eq(occurrences.cardId, row.card.id));
      expect(occ).toHaveLength(1);
      expect(occ[0]).toMatchObject({ modalityType: 'ISSUE_CARD_2_WAY', actorUserId: demoUserId, at: h.clock() });
      expect(occ[0]?.openingText).toContain(`Motivo: ${reason}`);
      expect(occ[0]?.openingText).toContain('Baixa visão');
      const [event] = await eventsOf(row);
      expect(event).toMatchObject({
        action: 'ISSUE_CARD_2_WAY',
        before: { last4TwoWay: null },
        after: { last4TwoWay: card.last4TwoWay, reason },
      });
      // The copy's digits name the card from now on.
      const consult = await get(`/v2/card/consult/${row.account.id}`, { last4digits: card.last4TwoWay as string });
      expect(consult.statusCode).toBe(200);
    }
  });

  it('refuses reasons other than P and O, and a missing emboss name, with 400', async () => {
    const row = await take('active');
    expect((await request(row, 'R')).statusCode).toBe(400);
    expect((await request(row, 'BE')).statusCode).toBe(400);
    expect((await request(row, 'P', { embossName: '' })).statusCode).toBe(400);
    expect((await request(row, 'P', { embossName: 'X'.repeat(27) })).statusCode).toBe(400);
    expect((await reload(row)).card.last4TwoWay).toBeNull();
    expect(await h.db.select().from(occurrences).where(eq(occurrences.cardId, row.card.id))).toHaveLength(0);
  });

  it('refuses a cancelled account, writing neither the copy nor the occurrence', async () => {
    const row = await take('cancelled');
    expectRefusal(await request(row), 409, 'ACCOUNT_CANCELLED', messages.cardApi.accountCancelled);
    expect((await reload(row)).card).toEqual(row.card);
    expect(await h.db.select().from(occurrences).where(eq(occurrences.cardId, row.card.id))).toHaveLength(0);
    expect(await eventsOf(row)).toHaveLength(0);
  });

  it('registers an occurrence through POST /v1/occurrence/registration/{uuid}', async () => {
    const row = await take('active');
    const res = await call('POST', `/v1/occurrence/registration/${row.account.id}`, {
      last4digits: row.card.last4,
      modalityType: 'ISSUE_CARD_2_WAY',
      openingText: 'Segunda via solicitada pelo portal',
    });
    expect(res.statusCode).toBe(200);
    const occ = await h.db.select().from(occurrences).where(eq(occurrences.cardId, row.card.id));
    expect(occ.map((o) => o.openingText)).toEqual(['Segunda via solicitada pelo portal']);
    const other = await call('POST', `/v1/occurrence/registration/${row.account.id}`, {
      last4digits: row.card.last4,
      modalityType: 'OTHER',
      openingText: '',
    });
    expect(other.statusCode).toBe(400);
  });
});

describe('cancel (PUT /v1/account/block/{uuid})', () => {
  const cancel = (row: Row, token = demoToken) =>
    call('PUT', `/v1/account/block/${row.account.id}`, { last4Digits: row.card.last4 }, token);

  it('cancels: account CANCELADA, card Blocked with O, recorded; the card is then permanently blocked', async () => {
    const row = await take('active');
    const res = await cancel(row);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.cardApi.cancelled });
    const after = await reload(row);
    expect(after.account.statusDescription).toBe('CANCELADA');
    expect(after.card).toMatchObject({ status: 'Blocked', blockCode: 'O' });
    const [event] = await eventsOf(row);
    expect(event).toMatchObject({
      action: 'CANCEL_ACCOUNT',
      actorUserId: demoUserId,
      before: { accountStatus: 'NORMAL', status: 'Actived', blockCode: null },
      after: { accountStatus: 'CANCELADA', status: 'Blocked', blockCode: 'O' },
    });
    expect(await consult(row)).toMatchObject({ activeFlag: 'S', blockCode: 'O', status: 'Blocked' });
    expectRefusal(await unblock(row), 409, 'PERMANENTLY_BLOCKED', messages.cardApi.permanentlyBlocked);
  });

  it('cancels a temporarily blocked card’s account too, turning its reason into O', async () => {
    const row = await take('temporary');
    expect((await cancel(row)).statusCode).toBe(200);
    expect((await reload(row)).card.blockCode).toBe('O');
  });

  it('refuses an account already CANCELADA with a reason', async () => {
    const row = await take('cancelled');
    expectRefusal(await cancel(row), 409, 'ALREADY_CANCELLED', messages.cardApi.alreadyCancelled);
    expect(await eventsOf(row)).toHaveLength(0);
  });

  it('answers 400 for a body without last4Digits', async () => {
    const row = await take('active');
    const res = await call('PUT', `/v1/account/block/${row.account.id}`, { last4digits: row.card.last4 });
    expect(res.statusCode).toBe(400);
    expect((await reload(row)).account.statusDescription).toBe('NORMAL');
  });
});

// The limit's read and change are tested in limits.test.ts.

describe('concurrent changes', () => {
  it('lets only one of two simultaneous blocks through; a block and a password unlock both land', async () => {
    const row = await take('active');
    const results = await Promise.all([block(row, 'P'), block(row, 'R')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const events = await eventsOf(row);
    expect(events).toHaveLength(1);
    const winner = events[0]?.after as { blockCode: string } | undefined;
    expect((await reload(row)).card.blockCode).toBe(winner?.blockCode);

    const other = await take('active');
    const both = await Promise.all([
      block(other, 'BE'),
      call('POST', `/v1/cards/password/reset/${other.account.id}`, {
        last4digits: other.card.last4,
        userId: '000000007',
      }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await eventsOf(other)).map((e) => e.action).sort()).toEqual(['BLOCK', 'PASSWORD_RESET']);
  });
});

describe('another company’s card', () => {
  it('refuses the operator of company C every card control on a company A account: 404 and nothing changed', async () => {
    const row = await take('active');
    const temp = await take('temporary');
    const id = row.account.id;
    const l4 = row.card.last4;
    const attempts = [
      () => block(row, 'P', otherToken),
      () => unblock(temp, otherToken),
      () => call('POST', `/v1/cards/deactivation/${id}`, { last4digits: l4 }, otherToken),
      () => call('PUT', `/v1/account/block/${id}`, { last4Digits: l4 }, otherToken),
      () => call('POST', `/v1/cards/password/reset/${id}`, { last4digits: l4, userId: '000000001' }, otherToken),
      () =>
        call(
          'POST',
          `/v1/cards/issue/2way/${id}`,
          {
            last4digits: l4,
            reasonReissueCard: 'P',
            embossName: 'X',
            deficiencyVisualdescription: '',
            line4Emboss: '',
          },
          otherToken,
        ),
      () =>
        call(
          'POST',
          `/v1/occurrence/registration/${id}`,
          { last4digits: l4, modalityType: 'ISSUE_CARD_2_WAY', openingText: 'x' },
          otherToken,
        ),
      () =>
        call(
          'PUT',
          `/v1/limit/management/${id}`,
          { availableLimit: Number(row.account.creditLimit), changeLimit: 'S', last4digits: l4 },
          otherToken,
        ),
      () => get(`/v1/limit/management/${id}`, { last4digits: l4 }, otherToken),
      () => get(`/v1/cards/emboss/${id}`, { last4digits: l4 }, otherToken),
      () => get(`/v2/card/consult/${id}`, { last4digits: l4 }, otherToken),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expectRefusal(res, 404, 'CARD_NOT_FOUND', messages.cardApi.cardNotFound);
    }
    for (const r of [row, temp]) {
      expect(await reload(r)).toEqual(r);
      expect(await eventsOf(r)).toHaveLength(0);
      expect(await h.db.select().from(occurrences).where(eq(occurrences.cardId, r.card.id))).toHaveLength(0);
    }
  });
});
