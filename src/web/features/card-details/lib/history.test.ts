import { describe, expect, it } from 'vitest';
import type { Authorization } from '../../../../contracts/index.ts';
import { authorizationStatus, historyDate, historyDueDates, keptAuthorizations, keptTransactions } from './history.ts';

const auth = (descDrop: string, transactionType = 'COMPRA'): Authorization => ({
  tmsInclH: '2026-03-10T14:59:30Z',
  numAuthorization: '1',
  establishmentName: 'Loja',
  qtdParcel: 1,
  coinCode: 986,
  mainValue: 10,
  descResponseTransaction: 'TRANSACAO PENDENTE',
  descDrop,
  transactionType,
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
  it.each([
    ['NEGADA', 'NEGADA'],
    ['ONLINE', 'CANCELADA'],
    ['CANCELADA', 'CANCELADA'],
    ['NORMAL', 'APROVADA'],
    ['APROVADA', 'APROVADA'],
    ['PENDENTE', 'TRANSACAO PENDENTE'],
  ])('%s shows %s', (descDrop, shown) => {
    expect(authorizationStatus(auth(descDrop))).toBe(shown);
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
