import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages, type ProposalBody } from '../../../../contracts/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { ApiError, type ApiErrorCode, callApi } from '../../../lib/transport/index.ts';
import { accounts, companies, loginAnswer } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi);
const company = companies[0]!;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field by its label, with or without the required asterisk. */
const labelled = (label: string) => new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`);
const input = (label: string) => screen.getByLabelText(labelled(label), { selector: 'input' }) as HTMLInputElement;
/** Typing as IMask hears it (an input event) and as React hears it. */
function type(label: string, value: string) {
  fireEvent.input(input(label), { target: { value } });
}
async function pick(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function openForm(product: 'Cartão Verde' | 'Cartão Black' = 'Cartão Verde') {
  const view = renderApp('/home/requestcard');
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(product) }, { timeout: 10_000 }));
  await screen.findByRole('button', { name: 'Finalizar Solicitação' });
  return view;
}

async function fillAll() {
  type('CPF', '52998224725');
  type('Nome completo', 'Marina\u00a0Costa Araújo');
  type('Nome impresso no cartão', 'marina c araujo');
  type('Nome da mãe', 'Helena Costa');
  type('Data de nascimento', '29021988');
  type('E-mail', 'marina@exemplo.com.br');
  type('DDD celular', '19');
  type('Celular', '991234567');
  type('Limite de crédito', '250000');
  await pick('Tipo de endereço', 'Residencial');
  type('Logradouro', 'Rua das Acácias');
  type('Número', '120');
  type('Complemento', 'Apto 31 B');
  type('Bairro', 'Centro');
  type('Estado (UF)', 'SP');
  type('Cidade', 'Campinas');
  type('CEP', '13010100');
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Finalizar Solicitação' }));
const sent = () => api.mock.calls.find(([name]) => name === 'proposal')?.[1] as { params: object; body: ProposalBody };

// Filling the whole Mantine form in jsdom is slow on a busy machine.
describe('/home/requestcard', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await import('../../../app/shell/shell-layout.tsx');
    await import('./request-card.tsx');
  });

  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    // A failed CEP lookup is only logged (spec section 8).
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.mockReset();
    api.mockImplementation(async (name) => {
      if (name === 'cepLookup') throw new ApiError(502, 'indisponível');
      if (name === 'accounts') return { ...accounts, totalSubAccounts: 121, meta: { totalRecords: 121 } };
      return { message: 'Proposta gerada com sucesso!', proposalId: 'p', uuid: 'u', account: '1', last4digits: '1234' };
    });
    useAppStore.getState().signOut();
    useAppStore.getState().signIn({ usuario: loginAnswer.usuario, login: 'maria.operadora', companies });
    useAppStore
      .getState()
      .setCompany({ name: company.corporateName, cnpj: company.cnpj, relationCode: company.relationCode });
  });

  afterEach(() => warn.mockRestore());

  it('offers the two products, then the form with the defaults and lengths of the spec', async () => {
    renderApp('/home/requestcard');
    expect(await screen.findByRole('button', { name: /Cartão Verde/ }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Cartão Black/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Cartão Black/ }));
    await screen.findByRole('button', { name: 'Finalizar Solicitação' });
    // The chosen product by its name, without the internal logo code (decision 135).
    expect(screen.getByText('Cartão Black', { selector: 'p' })).toBeTruthy();
    expect(screen.queryByText(/logo/i)).toBeNull();
    const due = input('Dia de vencimento');
    expect(due.value).toBe('22');
    expect(due.disabled).toBe(true);
    expect(due.maxLength).toBe(2);
    // Nothing chosen for the operator (issue 27): the proposal sends spec section 9's defaults for these.
    expect(input('Renda mensal').value).toBe('');
    expect(input('Estado civil').value).toBe('');
    expect(input('Sexo').value).toBe('');
    expect(input('Estado civil').placeholder).toBe('Não informado');
    const lengths: Record<string, number> = {
      CPF: 14,
      'Nome completo': 40,
      'Nome impresso no cartão': 26,
      'Nome da mãe': 30,
      'Data de nascimento': 10,
      'DDD celular': 3,
      Celular: 10,
      'Limite de crédito': 15,
      CEP: 9,
      Logradouro: 40,
      Número: 6,
      Complemento: 25,
      Bairro: 15,
      'Estado (UF)': 3,
      Cidade: 30,
      'E-mail': 60,
    };
    for (const [label, max] of Object.entries(lengths)) expect(input(label).maxLength, label).toBe(max);
    fireEvent.click(screen.getByRole('combobox', { name: /^Estado civil/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Casado(a)',
      'Solteiro(a)',
      'Viúvo(a)',
      'Divorciado(a)',
      'Outros',
    ]);
  });

  it('refuses an empty form, then each rule in turn, keeping what was typed', async () => {
    await openForm();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Por favor verifique seus dados pessoais.');
    await fillAll();
    type('Data de nascimento', '29021989');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Data de nascimento inválido');
    expect(input('Nome completo').value).toBe('Marina\u00a0Costa Araújo');
    type('Data de nascimento', '29021988');
    type('CPF', '11111111111');
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('CPF inválido'));
    type('CPF', '52998224725');
    type('Nome completo', 'Marina');
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'O nome deve ter nome e sobrenome, sem números ou caracteres especiais.',
      ),
    );
    type('Nome completo', 'Marina Costa');
    type('E-mail', 'marina@');
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Email inválido'));
    type('E-mail', 'marina@exemplo.com.br');
    type('Logradouro', '');
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Por favor os dados do endereço resiencial.'),
    );
    await pick('Tipo de endereço', 'Comercial');
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Por favor os dados do endereço comercial.'),
    );
    expect(api).not.toHaveBeenCalledWith('proposal', expect.anything());
  });

  it('marks each invalid field under itself and focuses the first; the spec’s message stays the summary', async () => {
    const t = messages.proposal;
    await openForm();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(t.personalRequired);
    await waitFor(() => expect(document.activeElement).toBe(input('CPF')));
    expect(input('CPF').getAttribute('aria-invalid')).toBe('true');
    const errorOf = (label: string) => {
      const ids = (input(label).getAttribute('aria-describedby') ?? '').split(' ');
      return ids.map((id) => document.getElementById(id)?.textContent ?? '').find((text) => text !== '') ?? null;
    };
    expect(errorOf('Nome completo')).toBe(t.fieldRequired);
    expect(errorOf('Limite de crédito')).toContain(t.creditLimitRequired);
    expect(input('Estado civil').getAttribute('aria-invalid')).not.toBe('true');
    // Only the address's number is missing: the summary names the address, the number is marked and focused.
    await fillAll();
    type('Número', '');
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(t.homeAddressRequired));
    await waitFor(() => expect(document.activeElement).toBe(input('Número')));
    expect(errorOf('Número')).toBe(t.fieldRequired);
    expect(input('Logradouro').getAttribute('aria-invalid')).not.toBe('true');
    expect(input('CPF').getAttribute('aria-invalid')).not.toBe('true');
    expect(api).not.toHaveBeenCalledWith('proposal', expect.anything());
  });

  it('fills the address from the CEP, cut to the spec’s lengths', async () => {
    api.mockImplementation(async (name) => {
      if (name === 'cepLookup')
        return {
          cep: '01310100',
          logradouro: 'Avenida Governador Doutor Adhemar Pereira de Barros',
          complemento: '',
          bairro: 'Jardim\u00a0Paulistano Norte',
          localidade: 'São José dos Campos do Norte Paulista',
          uf: 'SP',
        };
      throw new Error('unexpected');
    });
    await openForm();
    type('CEP', '0131010');
    expect(api).not.toHaveBeenCalledWith('cepLookup', expect.anything());
    type('CEP', '01310100');
    await waitFor(() => expect(input('Logradouro').value).toBe('Avenida Governador Doutor Adhemar Pereir'));
    expect(api).toHaveBeenCalledWith('cepLookup', { params: { cep: '01310100' } });
    expect(input('Bairro').value).toBe('Jardim Paulista');
    expect(input('Estado (UF)').value).toBe('SP');
    expect(input('Cidade').value).toBe('São José dos Campos do Norte P');
    expect(input('Cidade').value).toHaveLength(30);
  });

  it('sends the proposal, says so, reloads the cards and goes to /home', async () => {
    const { router } = await openForm('Cartão Black');
    await fillAll();
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(await screen.findByText('Proposta gerada com sucesso!')).toBeTruthy();
    const call = sent();
    expect(call.params).toEqual({ documentNumber: '52998224725' });
    expect(call.body).toMatchObject({
      logo: 2,
      clientName: 'Marina Costa Araújo',
      embossName: 'MARINA C ARAUJO',
      birthDate: '1988-02-29',
      addressHomecomplement: 'Apto31B',
      zipCode: '13010100',
      creditLimit: 2500,
      dayDue: 22,
      valueIncome: '0.00',
      maritalStatus: 1,
      gender: 'M',
      relationCode: company.relationCode,
      typeAddress: 'R',
    });
    expect(api).toHaveBeenCalledWith(
      'accounts',
      expect.objectContaining({ headers: expect.objectContaining({ cnpj: company.cnpj }) }),
    );
    expect(useAppStore.getState().relationship.accounts?.totalSubAccounts).toBe(121);
    // The CEP lookup failed on the way, and that was only logged.
    expect(warn).toHaveBeenCalledWith('fidis: consulta de CEP falhou', expect.any(ApiError));
  });

  it.each<[ApiErrorCode, string]>([
    ['38', 'A relação proposta não tem limite disponível.'],
    ['6', 'Não foi possível solicitar cartão, CPF não autorizado para essa operação.'],
    ['INVALID_INPUT', 'Não foi possível solicitar o cartão.'],
  ])('shows the text of code %s and keeps the form', async (code, text) => {
    api.mockImplementation(async (name) => {
      if (name === 'proposal') throw new ApiError(422, 'recusada', code);
      throw new ApiError(502, 'indisponível');
    });
    const { router } = await openForm();
    await fillAll();
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(text));
    expect(router.state.location.pathname).toBe('/home/requestcard');
    expect(input('CPF').value).toBe('529.982.247-25');
  });
});
