import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../contracts/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { ApiError, callApi } from '../../../lib/transport/index.ts';
import { companies } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi);
const m = messages.users;
const COMPANY = { name: 'Empresa Alfa Ltda', cnpj: '11222333000181', relationCode: 'REL-1' };

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
/** Masked inputs listen to `input` events, as a keyboard produces them. */
const type = (label: string, value: string) => fireEvent.input(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: m.submit }));
const createCalls = () => api.mock.calls.filter(([name]) => name === 'createUser');

function fillValid() {
  type(m.document, '52998224725');
  fireEvent.change(field(m.login), { target: { value: ' Maria.Silva ' } });
  fireEvent.change(field(m.name), { target: { value: 'Maria da Silva' } });
  fireEvent.change(field(m.email), { target: { value: 'maria.silva@exemplo.com.br' } });
  type(m.ddi, '55');
  type(m.ddd, '11');
  type(m.mobile, '912345678');
}

async function openForm() {
  const view = renderApp('/home/user/management');
  await screen.findByRole('heading', { level: 2, name: m.createTitle }, { timeout: 10_000 });
  return view;
}

describe('Criar Usuário', () => {
  beforeEach(() => {
    api.mockReset();
    api.mockResolvedValue({ usuarios: [] });
    useAppStore.getState().signOut();
    useAppStore.getState().signIn({ usuario: 'Maria Operadora', login: 'maria.operadora', companies });
    useAppStore.getState().setCompany(COMPANY);
  });

  it('says which company the user joins and has every field labelled', async () => {
    await openForm();
    expect(screen.getByText(COMPANY.name, { selector: 'strong' })).toBeTruthy();
    for (const label of [m.document, m.login, m.name, m.email, m.ddi, m.ddd, m.mobile]) {
      expect(field(label)).toBeTruthy();
    }
  });

  it('requires every field: "Todos os campos são obrigatórios."', async () => {
    await openForm();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Todos os campos são obrigatórios.');
    // One missing field is enough, and what was typed stays.
    fillValid();
    type(m.mobile, '');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Todos os campos são obrigatórios.');
    expect(field(m.name).value).toBe('Maria da Silva');
    expect(createCalls()).toHaveLength(0);
  });

  it('checks the CPF check digits', async () => {
    await openForm();
    fillValid();
    type(m.document, '52998224724');
    expect(field(m.document).value).toBe('529.982.247-24');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'O Número de documento é invalido, preencha o campo corretamente.',
    );
    type(m.document, '11111111111');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'O Número de documento é invalido, preencha o campo corretamente.',
    );
    expect(createCalls()).toHaveLength(0);
  });

  it('checks the e-mail', async () => {
    await openForm();
    fillValid();
    fireEvent.change(field(m.email), { target: { value: 'maria@' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('O E-mail é invalido, preencha o campo corretamente.');
    expect(createCalls()).toHaveLength(0);
  });

  it('keeps DDI and DDD to 3 digits and the mobile to 10, masked', async () => {
    await openForm();
    type(m.ddi, '12345');
    type(m.ddd, '9a87');
    type(m.mobile, '123456789012');
    expect(field(m.ddi).value).toBe('123');
    expect(field(m.ddd).value).toBe('987');
    expect(field(m.mobile).value).toBe('123456-7890');
    type(m.mobile, '912345678');
    expect(field(m.mobile).value).toBe('91234-5678');
  });

  it('sends the cleaned payload for the chosen company, then shows the success text and the list', async () => {
    const { router } = await openForm();
    // The typed client checks the answer against the contract: the created user, as the provider answers it.
    const usuario = {
      id: 'u-1',
      login: 'maria.silva',
      nomeUsuario: 'Maria da Silva',
      email: 'maria.silva@exemplo.com.br',
      numeroDocumento: '52998224725',
      ddi: 55,
      ddd: 11,
      numCelular: 912345678,
      status: 'ATIVO',
      perfis: [''],
      segundoFator: false,
    };
    api.mockImplementation(async (name) =>
      name === 'createUser' ? { mensagemRetorno: m.created, usuario } : { usuarios: [] },
    );
    fillValid();
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/user/management/manage'));
    expect(createCalls()).toEqual([
      [
        'createUser',
        {
          headers: { cnpj: COMPANY.cnpj },
          body: {
            login: 'maria.silva',
            numCelular: 912345678,
            nomeUsuario: 'Maria da Silva',
            numeroDocumento: '52998224725',
            ddd: 11,
            ddi: 55,
            // The default profile (Consulta) is the provider's for a list that names none (spec sections 3, 6).
            listaPerfis: [''],
            email: 'maria.silva@exemplo.com.br',
          },
        },
      ],
    ]);
    expect(await screen.findByText('Usuário cadastrado com sucesso!')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: m.manageTitle }, { timeout: 10_000 })).toBeTruthy();
  });

  it('issue 16: the profile starts at Consulta, offers the three, and the chosen one is sent', async () => {
    await openForm();
    const profile = field(messages.profiles.ui.profile) as unknown as HTMLSelectElement;
    expect(profile.value).toBe('CONSULTA');
    expect([...profile.options].map((o) => o.textContent)).toEqual(['Administrador', 'Gestor de cartões', 'Consulta']);
    api.mockImplementation(async () => {
      throw new ApiError(409, 'recusado');
    });
    fillValid();
    fireEvent.change(profile, { target: { value: 'GESTOR_CARTOES' } });
    submit();
    await screen.findByRole('alert');
    expect(createCalls()[0]?.[1]).toMatchObject({ body: { listaPerfis: ['GESTOR_CARTOES'] } });
  });

  it('shows the server’s mensagemRetorno on a refusal and keeps the form', async () => {
    const { router } = await openForm();
    api.mockImplementation(async (name) => {
      if (name !== 'createUser') return { usuarios: [] };
      throw new ApiError(409, 'outro texto', 'LOGIN_TAKEN', {
        message: 'outro texto',
        mensagemRetorno: 'Já existe um usuário cadastrado com este login.',
      });
    });
    fillValid();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Já existe um usuário cadastrado com este login.');
    expect(router.state.location.pathname).toBe('/home/user/management');
    expect(field(m.login).value).toBe(' Maria.Silva ');
    expect(screen.queryByText('Usuário cadastrado com sucesso!')).toBeNull();
  });
});
