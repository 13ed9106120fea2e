import { describe, expect, it } from 'vitest';
import type { Authorization } from '../../../../contracts/index.ts';
import {
  authorizationStatus,
  availableFix,
  fixLink,
  historyDate,
  historyDueDates,
  keptAuthorizations,
  keptTransactions,
} from './history.ts';

const auth = (descDrop: string, transactionType = 'COMPRA', extra: Partial<Authorization> = {}): Authorization => ({
  tmsInclH: '2026-03-10T14:59:30Z',
  numAuthorization: '1',
  establishmentName: 'Loja',
  qtdParcel: 1,
  coinCode: 986,
  mainValue: 10,
  descResponseTransaction: 'TRANSACAO PENDENTE',
  descDrop,
  transactionType,
  capturedOffline: false,
  passwordValidated: true,
  ...extra,
});

describe('history filters (spec section 5)', () => {
  it('keeps authorizations of NORMAL, NEGADA, ONLINE, CANCELADA and APROVADA with a transaction type', () => {
    const list = [
      auth('NORMAL'),
      auth('NEGADA'),
      auth('ONLINE'),
      auth('CANCELADA'),
      auth('APROVADA'),
      auth('PENDENTE'),
      auth('normal'),
      auth('NORMAL', ''),
      auth('APROVADA', '  '),
    ];
    expect(keptAuthorizations(list).map((a) => a.descDrop)).toEqual([
      'NORMAL',
      'NEGADA',
      'ONLINE',
      'CANCELADA',
      'APROVADA',
    ]);
  });

  it('keeps transactions of the groups CRE, DEN, PGT, DEI and DEB only', () => {
    const groups = ['CRE', 'DEN', 'PGT', 'DEI', 'DEB', 'TAR', 'JUR', 'cre', ''];
    expect(
      keptTransactions(groups.map((abbreviationGroup) => ({ abbreviationGroup }))).map((t) => t.abbreviationGroup),
    ).toEqual(['CRE', 'DEN', 'PGT', 'DEI', 'DEB']);
  });
});

describe('status mapping (spec section 4)', () => {
  const offline = { capturedOffline: true, passwordValidated: false };
  it.each([
    ['NEGADA', {}, 'NEGADA'],
    ['ONLINE', {}, 'CANCELADA'],
    ['CANCELADA', {}, 'CANCELADA'],
    ['CANCELADA', offline, 'CANCELADA'],
    ['NORMAL', {}, 'APROVADA'],
    ['PENDENTE', {}, 'TRANSACAO PENDENTE'],
    // The offline rule: reachable through the kept APROVADA drop.
    ['APROVADA', offline, 'APROVADA'],
    ['APROVADA', { capturedOffline: true, passwordValidated: true }, 'TRANSACAO PENDENTE'],
    ['APROVADA', {}, 'TRANSACAO PENDENTE'],
  ])('%s %o shows %s', (descDrop, extra, shown) => {
    expect(authorizationStatus(auth(descDrop, 'COMPRA', extra))).toBe(shown);
  });

  it('an offline approval whose password was not validated passes the filter and shows APROVADA', () => {
    const kept = keptAuthorizations([auth('APROVADA', 'COMPRA', offline), auth('OFFLINE', 'COMPRA', offline)]);
    expect(kept.map(authorizationStatus)).toEqual(['APROVADA']);
  });
});

describe('dates: parsed, shifted by one minute, DD/MM/YYYY HH:mm:ss', () => {
  it('shifts a date-time by one minute, across the hour, the day and the year', () => {
    expect(historyDate('2026-03-10T14:59:30')).toBe('10/03/2026 15:00:30');
    expect(historyDate('2026-03-10T23:59:05')).toBe('11/03/2026 00:00:05');
    expect(historyDate('2025-12-31T23:59:59')).toBe('01/01/2026 00:00:59');
  });

  it('a YYYYMMDD transaction date becomes that day at 00:01:00', () => {
    expect(historyDate('20260228')).toBe('28/02/2026 00:01:00');
  });

  it('an unreadable date is shown as it came', () => {
    expect(historyDate('ontem')).toBe('ontem');
  });
});

describe('due dates loaded: the current one plus the three before it', () => {
  const list = ['2026-05-22', '2026-04-22', '2026-03-22', '2026-02-22', '2026-01-22', '2025-12-22'];

  it('the current one is the nearest due date on or after today', () => {
    expect(historyDueDates(list, '2026-04-10')).toEqual(['2026-04-22', '2026-03-22', '2026-02-22', '2026-01-22']);
    expect(historyDueDates(list, '2026-04-22')).toEqual(['2026-04-22', '2026-03-22', '2026-02-22', '2026-01-22']);
  });

  it('when every date is past, the newest is the current one; fewer dates give fewer', () => {
    expect(historyDueDates(list, '2026-09-01')).toEqual(['2026-05-22', '2026-04-22', '2026-03-22', '2026-02-22']);
    expect(historyDueDates(['2026-01-22', '2025-12-22'], '2026-01-01')).toEqual(['2026-01-22', '2025-12-22']);
    expect(historyDueDates([], '2026-01-01')).toEqual([]);
  });

  it('does not depend on the order received', () => {
    expect(historyDueDates([...list].reverse(), '2026-04-10')).toEqual([
      '2026-04-22',
      '2026-03-22',
      '2026-02-22',
      '2026-01-22',
    ]);
  });
});

describe('a decline fix', () => {
  const free = { permanentlyBlocked: false, blocked: false, cancelled: false };

  it('is offered only when the card can take it today', () => {
    expect(availableFix('limit', free)).toBe('limit');
    expect(availableFix('limit', null)).toBeNull();
    expect(availableFix('limit', { ...free, permanentlyBlocked: true })).toBeNull();
    expect(availableFix('limit', { ...free, cancelled: true })).toBeNull();
    expect(availableFix('unblock', free)).toBeNull();
    expect(availableFix('unblock', { ...free, blocked: true })).toBe('unblock');
    expect(availableFix('unblock', { ...free, blocked: true, permanentlyBlocked: true })).toBeNull();
    expect(availableFix('unlock', free)).toBeNull();
    expect(availableFix('unlock', { ...free, passwordBlocked: true })).toBe('unlock');
    expect(availableFix(null, free)).toBeNull();
  });

  it('links to its screen; the limit one with the suggested limit for a purchase in reais', () => {
    const limit = { creditLimit: 1000, availableLimit: 200 };
    expect(fixLink('unblock', { mainValue: 1, coinCode: 986 }, limit)).toEqual({ to: '/home/details/block' });
    expect(fixLink('unlock', { mainValue: 1, coinCode: 986 }, limit)).toEqual({ to: '/home/details/unlock' });
    expect(fixLink('limit', { mainValue: 450.5, coinCode: 986 }, limit)).toEqual({
      to: '/home/details/limit?sugerido=500.00',
      suggestedCents: 50_000,
    });
    expect(fixLink('limit', { mainValue: 450.5, coinCode: 840 }, limit)).toEqual({ to: '/home/details/limit' });
    expect(fixLink('limit', { mainValue: 150, coinCode: 986 }, limit)).toEqual({ to: '/home/details/limit' });
    expect(fixLink('limit', { mainValue: 450.5, coinCode: 986 }, undefined)).toEqual({ to: '/home/details/limit' });
  });
});
