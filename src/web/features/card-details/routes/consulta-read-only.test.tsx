// Issue 16: a Consulta operator reads every card screen, changes none, and is told why.
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../contracts/index.ts';
import type { Profile } from '../../../../contracts/profiles.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { renderApp } from '../../../test/render.tsx';
import { selectCard, warmRoutes } from '../../../test/setup-card.ts';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));

beforeAll(warmRoutes, 60_000);

const t = messages.profiles.ui;

/** The fixture card's company, with the operator's profile in it. */
function as(perfil: Profile) {
  const company = { corporateName: 'Transportadora Horizonte Ltda', cnpj: '11222333000181', relationCode: '000101' };
  useAppStore.setState({
    authenticate: {
      user: { usuario: 'Maria Operadora', login: 'maria.operadora', companies: [{ ...company, perfil }] },
      signedIn: true,
    },
  });
}

const history = {
  authorizationHistory: {
    authorizations: [
      {
        tmsInclH: '2026-03-10T14:50:00',
        numAuthorization: 'N50',
        establishmentName: 'LOJA 50',
        qtdParcel: 1,
        coinCode: 986,
        mainValue: 3000,
        descResponseTransaction: 'SALDO INSUFICIENTE',
        descDrop: 'NEGADA',
        transactionType: 'COMPRA A VISTA',
      },
    ],
  },
  invoiceDueDates: { listInvoiceDueDate: [] },
};

describe('card screens for Consulta (issue 16)', () => {
  it('the block screen is read-only: the reason shows, the fields and the button are off', async () => {
    selectCard();
    as('CONSULTA');
    renderApp('/home/details/block');
    const submit = await screen.findByRole('button', { name: messages.block.submit }, { timeout: 10_000 });
    expect(submit.matches(':disabled')).toBe(true);
    const fieldset = submit.closest('fieldset')!;
    // The reason describes the disabled controls, and is on screen without a hover or a focus.
    const described = document.getElementById(fieldset.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe(t.readOnlyCard);
    expect(screen.getByText(t.readOnlyCard)).toBeTruthy();
    for (const radio of within(fieldset).getAllByRole('radio')) expect(radio.matches(':disabled')).toBe(true);
  });

  it('Gestor de cartões changes cards: no note, the button works', async () => {
    selectCard();
    as('GESTOR_CARTOES');
    renderApp('/home/details/block');
    const submit = await screen.findByRole('button', { name: messages.block.submit }, { timeout: 10_000 });
    expect(submit.matches(':disabled')).toBe(false);
    expect(screen.queryByText(t.readOnlyCard)).toBeNull();
  });

  it('the history stays whole, the decline explained, without the link to its fix', async () => {
    selectCard(history);
    as('CONSULTA');
    renderApp('/home/details/history');
    const table = await screen.findByRole('table', { name: 'Histórico de autorizações' }, { timeout: 10_000 });
    const row = within(table).getByText('LOJA 50').closest('tr') as HTMLElement;
    expect(within(row).getByText(/^Limite insuficiente/)).toBeTruthy();
    expect(within(row).queryByRole('link')).toBeNull();
    expect(screen.queryByText(t.readOnlyCard)).toBeNull();
  });

  it('the radar’s unused list is read without the selection and its "Bloquear selecionados"', async () => {
    const radarCard = {
      account: '7000000001',
      uuid: '00000000-0000-4000-8000-000000000001',
      cardHolder: 'Portador 1',
      documentNumber: '12345678901',
      last4Digits: '1001',
      last4Digits2Way: null,
      cardStatus: 'active',
      cardBlockingCode: null,
      accountBlockingCodeTwo: null,
      accountWarningCode: null,
      logo: 1,
      expiresOn: '2030-01-31',
      lastUseOn: null,
      requestedOn: null,
    };
    const answers = {
      radar: {
        counts: { 'lost-or-stolen': 0, 'password-blocked': 0, unused: 1, expiring: 0, pending: 0 },
        asOf: '2026-11-24',
        unusedDays: 45,
        expiringDays: 60,
      },
      radarCards: { category: 'unused', cards: [radarCard], next: null },
    };
    for (const [profile, offered] of [
      ['CONSULTA', false],
      ['GESTOR_CARTOES', true],
    ] as const) {
      selectCard(answers);
      as(profile);
      const view = renderApp('/home/radar/unused');
      const table = await screen.findByRole('table', { name: 'Sem uso há 45 dias' }, { timeout: 10_000 });
      expect(within(table).getByText('Portador 1')).toBeTruthy();
      expect(screen.queryByRole('button', { name: messages.radar.bulk.block }) !== null).toBe(offered);
      expect(within(table).queryAllByRole('checkbox').length > 0).toBe(offered);
      view.unmount();
    }
  });
});
