import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/transport/index.ts';
import { UUID } from '../../../test/card-fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { selectCard, warmRoutes } from '../../../test/setup-card.ts';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));

beforeAll(warmRoutes, 60_000);

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
const alertText = async () => (await screen.findByRole('alert')).textContent;
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('holder editor: Dados Pessoais', () => {
  it('opens filled in, checks the required fields, and sends the update', async () => {
    const api = selectCard();
    renderApp('/home/details');
    expect(await screen.findByRole('tab', { name: 'Dados Pessoais', selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Endereço de Entrega do Cartão' })).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByLabelText(/Nome da mãe/) as HTMLInputElement).value).toBe('Gabriela Ramos Soares'),
    );
    expect((screen.getByLabelText(/Data de nascimento/) as HTMLInputElement).value).toBe('01/08/1989');
    expect((screen.getByLabelText('Telefone *') as HTMLInputElement).value).toBe('3650-6928');

    type('Nome da mãe *', '');
    save();
    expect(await alertText()).toBe('Preencha todos os campos obrigatórios');
    type('Nome da mãe *', 'Gabriela Soares');
    type('E-mail *', 'renata@');
    save();
    await waitFor(async () => expect(await alertText()).toBe('Email inválido'));
    type('E-mail *', 'renata.nova@exemplo.com.br');
    type('Celular *', '988887777');
    expect((screen.getByLabelText('Celular *') as HTMLInputElement).value).toBe('98888-7777');
    save();
    expect(await screen.findByText('Informações do cliente atualizadas com sucesso!')).toBeTruthy();
    expect(api).toHaveBeenCalledWith('holderUpdate', {
      params: { uuid: UUID },
      body: {
        last4digits: '5681',
        motherName: 'Gabriela Soares',
        name: 'Renata Soares Teixeira',
        birthDate: '01081989',
        email: 'renata.nova@exemplo.com.br',
        phoneNumber: '36506928',
        dddPhone: '19',
        cellPhoneNumber: '988887777',
        dddCellPhone: '19',
        gender: 'F',
      },
    });
  });

  it('a refused update: the spec failure text, and nothing typed is lost', async () => {
    selectCard({ holderUpdate: () => new ApiError(400, 'Data de nascimento inválido') });
    renderApp('/home/details');
    await waitFor(() => expect((screen.getByLabelText(/Nome da mãe/) as HTMLInputElement).value).not.toBe(''));
    type('Nome da mãe *', 'Outra Mãe');
    save();
    expect(await screen.findByText('Não foi possível realizar alteração dos dados do cliente.')).toBeTruthy();
    expect((screen.getByLabelText(/Nome da mãe/) as HTMLInputElement).value).toBe('Outra Mãe');
  });
});

describe('holder editor: Endereço de Entrega do Cartão', () => {
  const openTab = async () => {
    fireEvent.click(await screen.findByRole('tab', { name: 'Endereço de Entrega do Cartão' }));
    await screen.findByLabelText(/^CEP/);
  };
  const cep = (value: string) => fireEvent.input(screen.getByLabelText(/^CEP/), { target: { value } });

  it('checks the required fields and the CEP, then sends the address', async () => {
    const api = selectCard({ cepLookup: () => new ApiError(502, 'x') });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderApp('/home/details');
    await openTab();
    type('Bairro *', '');
    save();
    expect(await alertText()).toBe('Verifique se todos os campos foram preenchidos!');
    type('Bairro *', 'Cambuí');
    cep('1301');
    save();
    await waitFor(async () => expect(await alertText()).toBe('O campo CEP é inválido.'));
    cep('13025-000');
    // The lookup failed: only logged, what was typed stays.
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect((screen.getByLabelText('Endereço *') as HTMLInputElement).value).toBe('Rua Barão de Jaguara');
    save();
    expect(await screen.findByText('Endereço atualizado com sucesso!')).toBeTruthy();
    expect(api).toHaveBeenCalledWith('addressUpdate', {
      params: { uuid: UUID },
      body: {
        addressHome: 'Rua Barão de Jaguara',
        addressHomeNumber: '120',
        addressHomeComplement: '',
        district: 'Cambuí',
        city: 'Campinas',
        state: 'SP',
        zipCode: '13025000',
      },
    });
    warn.mockRestore();
  });

  it('a CEP of 8 digits fills street, district, state and city, cut to their lengths', async () => {
    const api = selectCard({
      cepLookup: {
        cep: '01310100',
        logradouro: 'Avenida Paulista de um nome muito comprido para caber no campo',
        complemento: '',
        bairro: 'Bela Vista Região Central',
        localidade: 'São Paulo',
        uf: 'SP',
      },
    });
    renderApp('/home/details');
    await openTab();
    cep('01310-100');
    await waitFor(() =>
      expect((screen.getByLabelText('Endereço *') as HTMLInputElement).value).toBe(
        'Avenida Paulista de um nome muito compri',
      ),
    );
    expect((screen.getByLabelText(/^Bairro/) as HTMLInputElement).value).toBe('Bela Vista Regi');
    expect((screen.getByLabelText(/^Cidade/) as HTMLInputElement).value).toBe('São Paulo');
    expect((screen.getByLabelText(/^Estado/) as HTMLInputElement).value).toBe('SP');
    expect(api).toHaveBeenCalledWith('cepLookup', { params: { cep: '01310100' } });
  });

  it('a refused address: the spec failure text', async () => {
    selectCard({ addressUpdate: () => new ApiError(500, 'x') });
    renderApp('/home/details');
    await openTab();
    save();
    expect(await screen.findByText('Ocorreu um erro ao realizar a atualização de endereço.')).toBeTruthy();
  });
});

describe('history', () => {
  const authorization = (descDrop: string, tmsInclH: string, extra = {}) => ({
    tmsInclH,
    numAuthorization: `A${descDrop}`,
    establishmentName: `LOJA ${descDrop}`,
    qtdParcel: 1,
    coinCode: 986,
    mainValue: 100,
    descResponseTransaction: 'RESPOSTA',
    descDrop,
    transactionType: 'COMPRA',
    ...extra,
  });

  it('filters, maps the status, shifts a minute, and loads the current due date plus the three before', async () => {
    const api = selectCard({
      authorizationHistory: {
        authorizations: [
          authorization('NORMAL', '2026-03-10T14:59:30'),
          authorization('ONLINE', '2026-03-09T10:00:00'),
          authorization('NEGADA', '2026-03-08T10:00:00', { coinCode: 840, mainValue: 12.5 }),
          authorization('PENDENTE', '2026-03-07T10:00:00'),
          authorization('APROVADA', '2026-03-06T10:00:00', { transactionType: '' }),
        ],
      },
      invoiceDueDates: {
        listInvoiceDueDate: ['2099-01-22', '2026-02-22', '2026-01-22', '2025-12-22', '2025-11-22', '2025-10-22'].map(
          (invoiceDueDate) => ({ invoiceDueDate }),
        ),
      },
      invoiceTransactions: (options: { headers: { duedate: string } }) => ({
        transactions: [
          {
            abbreviationGroup: 'DEN',
            date: options.headers.duedate.replace(/-/g, ''),
            numCard: '**** 5681',
            description: `COMPRA ${options.headers.duedate}`,
            valueTransactionInternational: 0,
            valueTransactionNational: 10,
            numParcelOf: '',
          },
          {
            abbreviationGroup: 'TAR',
            date: '20260101',
            numCard: '**** 5681',
            description: 'TARIFA ESCONDIDA',
            valueTransactionInternational: 0,
            valueTransactionNational: 5,
            numParcelOf: '',
          },
        ],
      }),
    });
    renderApp('/home/details/history');
    const auths = await screen.findByRole('table', { name: 'Histórico de autorizações' });
    const rows = within(auths).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      '10/03/2026 15:00:30',
      '09/03/2026 10:01:00',
      '08/03/2026 10:01:00',
    ]);
    expect(rows.map((r) => within(r).getAllByRole('cell')[5]!.textContent)).toEqual([
      'APROVADA',
      'CANCELADA',
      'NEGADA',
    ]);
    expect(within(rows[2]!).getByText('US$ 12,50')).toBeTruthy();
    expect(screen.queryByText('LOJA PENDENTE')).toBeNull();
    expect(screen.queryByText('LOJA APROVADA')).toBeNull();

    const tx = await screen.findByRole('table', { name: 'Transações das faturas' });
    expect(within(tx).queryByText('TARIFA ESCONDIDA')).toBeNull();
    const dueDates = api.mock.calls
      .filter(([name]) => name === 'invoiceTransactions')
      .map(([, o]) => (o as { headers: { duedate: string } }).headers.duedate);
    expect(dueDates).toEqual(['2099-01-22', '2026-02-22', '2026-01-22', '2025-12-22']);
    expect(within(tx).getByText('22/02/2026 00:01:00')).toBeTruthy();
  });

  it('empty and failed loads show their texts', async () => {
    selectCard({
      authorizationHistory: { authorizations: [authorization('PENDENTE', '2026-03-07T10:00:00')] },
      invoiceDueDates: { listInvoiceDueDate: [] },
    });
    const view = renderApp('/home/details/history');
    expect(await screen.findByText('Nenhum Histórico de Autorização disponível no momento')).toBeTruthy();
    expect(await screen.findByText('Nenhuma transação disponível nas últimas faturas.')).toBeTruthy();
    view.unmount();
    selectCard({ authorizationHistory: () => new ApiError(500, 'x'), invoiceDueDates: () => new ApiError(500, 'x') });
    renderApp('/home/details/history');
    expect(
      await screen.findByText('Falha ao carregar histórico de autorizações. Por favor tente novamente mais tarde.'),
    ).toBeTruthy();
    expect(
      await screen.findByText('Falha ao carregar as transações das faturas. Por favor tente novamente mais tarde.'),
    ).toBeTruthy();
    // A failed answer is never read as "no history" (decision 106).
    expect(screen.queryByText('Nenhum Histórico de Autorização disponível no momento')).toBeNull();
  });
});
