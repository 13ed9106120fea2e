import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type EndpointName, messages, type PortalUser } from '../../../../contracts/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { ApiError, callApi } from '../../../lib/transport/index.ts';
import { answerCalls, type Handlers } from '../../../test/api-handlers.ts';
import { companies } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi);
const m = messages.users;
const COMPANY = { name: 'Empresa Alfa Ltda', cnpj: '11222333000181', relationCode: 'REL-1' };

const joana: PortalUser = {
  id: 'u-1',
  login: 'joana.reis',
  nomeUsuario: 'Joana Reis',
  email: 'joana.reis@exemplo.com.br',
  numeroDocumento: '52998224725',
  ddi: 55,
  ddd: 11,
  numCelular: 912345678,
  status: 'ATIVO',
  perfis: ['GESTOR_CARTOES'],
  segundoFator: true,
};
const pedro: PortalUser = {
  ...joana,
  id: 'u-2',
  login: 'pedro.alves',
  nomeUsuario: 'Pedro Alves',
  email: 'pedro@exemplo.com.br',
  numeroDocumento: '11144477735',
  ddd: 21,
  numCelular: 1234567890,
  status: 'INATIVO',
  perfis: [],
  segundoFator: false,
};

/** A save's answer as the contract has it (the typed client checks it); the form reloads the list, not this user. */
const saved = (mensagemRetorno: string) => () => ({ mensagemRetorno, usuario: joana });
let handlers: Handlers;

const calls = (name: EndpointName) => api.mock.calls.filter(([n]) => n === name).map(([, o]) => o);
const order = () => api.mock.calls.map(([n]) => n).filter((n) => n !== 'listUsers');

async function openList() {
  const view = renderApp('/home/user/management/manage');
  await screen.findByRole('heading', { level: 2, name: m.manageTitle }, { timeout: 10_000 });
  return view;
}

async function openEdit(user: PortalUser) {
  fireEvent.click(await screen.findByRole('button', { name: `${m.edit} ${user.nomeUsuario}` }));
  return screen.getByRole('form', { name: `${m.editing} ${user.nomeUsuario}` });
}

const input = (form: HTMLElement, label: string) =>
  within(form).getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement | HTMLSelectElement;
const save = (form: HTMLElement) => fireEvent.click(within(form).getByRole('button', { name: m.save }));

describe('Gerenciar Usuários', () => {
  beforeEach(() => {
    api.mockReset();
    handlers = { listUsers: () => ({ usuarios: [joana, pedro] }) };
    answerCalls(api, () => handlers);
    useAppStore.getState().signOut();
    useAppStore.getState().signIn({ usuario: 'Maria Operadora', login: 'maria.operadora', companies });
    useAppStore.getState().setCompany(COMPANY);
  });

  it('shows a spinner while the list loads, then the table of the chosen company', async () => {
    let release: (v: unknown) => void = () => undefined;
    handlers.listUsers = () => new Promise((resolve) => (release = resolve));
    await openList();
    expect(screen.getByRole('status', { name: m.loading })).toBeTruthy();
    release({ usuarios: [joana, pedro] });
    const table = await screen.findByRole('table', { name: m.tableCaption });
    expect(screen.queryByRole('status', { name: m.loading })).toBeNull();
    expect(calls('listUsers')).toEqual([
      { headers: { cnpj: COMPANY.cnpj }, query: { page: 0, limit: 100, direction: 'asc' } },
    ]);
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Nome do usuário', 'Login', 'E-mail', 'Documento', 'Celular', '2FA', 'Opções']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      // Issue 16: the profile under the name, named for a screen reader.
      'Joana ReisPerfil: Gestor de cartões',
      'joana.reis',
      'joana.reis@exemplo.com.br',
      '529.982.247-25',
      '+55 (11) 91234-5678',
      // Decision 091: the second factor's column.
      'Ativo',
      '',
    ]);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      `Pedro AlvesPerfil: Sem perfil${m.inactiveBadge}`,
      'pedro.alves',
      'pedro@exemplo.com.br',
      '111.444.777-35',
      '+55 (21) 123456-7890',
      '—Sem verificação em duas etapas',
      '',
    ]);
    expect(within(rows[1]!).getByText(m.inactiveBadge)).toBeTruthy();
  });

  it('hides login and mobile at mobile widths (visible from 768 px only)', async () => {
    await openList();
    const table = await screen.findByRole('table', { name: m.tableCaption });
    const hidden = within(table)
      .getAllByRole('columnheader')
      .filter((h) => h.className.includes('mantine-visible-from-sm'))
      .map((h) => h.textContent);
    expect(hidden).toEqual(['Login', 'Celular']);
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.filter((c) => c.className.includes('mantine-visible-from-sm')).map((c) => c.textContent)).toEqual([
      'joana.reis',
      '+55 (11) 91234-5678',
    ]);
  });

  it('a failed list load is silent and shows an empty list', async () => {
    handlers.listUsers = () => {
      throw new ApiError(500, 'falhou');
    };
    await openList();
    expect(await screen.findByText(m.empty)).toBeTruthy();
    expect(screen.queryByText('falhou')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('changing only the status sends only the status: "Status atualizado com sucesso!"', async () => {
    handlers.updateUserStatus = saved(m.statusUpdated);
    await openList();
    const form = await openEdit(joana);
    fireEvent.change(input(form, m.status), { target: { value: 'INATIVO' } });
    save(form);
    expect(await screen.findByText('Status atualizado com sucesso!')).toBeTruthy();
    expect(calls('updateUserStatus')).toEqual([
      { params: { documentNumber: joana.numeroDocumento }, body: { status: 'INATIVO' } },
    ]);
    expect(calls('updateUser')).toEqual([]);
    // The list is reloaded and the edit mode closes.
    await waitFor(() => expect(calls('listUsers').length).toBe(2));
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('status and fields changed: the status first, then the fields; "Informações do usuário atualizadas com sucesso!"', async () => {
    handlers.updateUserStatus = saved(m.statusUpdated);
    handlers.updateUser = saved(m.updated);
    await openList();
    const form = await openEdit(pedro);
    expect(input(form, m.status).value).toBe('INATIVO');
    fireEvent.change(input(form, m.status), { target: { value: 'ATIVO' } });
    fireEvent.change(input(form, m.name), { target: { value: ' Pedro Alves Neto ' } });
    fireEvent.input(input(form, m.ddd), { target: { value: '31' } });
    save(form);
    expect(await screen.findByText('Informações do usuário atualizadas com sucesso!')).toBeTruthy();
    expect(order()).toEqual(['updateUserStatus', 'updateUser']);
    expect(calls('updateUser')).toEqual([
      {
        params: { documentNumber: pedro.numeroDocumento },
        body: {
          ddd: 31,
          ddi: 55,
          email: pedro.email,
          nomeUsuario: 'Pedro Alves Neto',
          numeroCelular: 1234567890,
          listaPerfis: [''],
        },
      },
    ]);
    await waitFor(() => expect(calls('listUsers').length).toBe(2));
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('fields changed, status not: only the fields are sent', async () => {
    handlers.updateUser = saved(m.updated);
    await openList();
    const form = await openEdit(joana);
    fireEvent.change(input(form, m.email), { target: { value: 'joana@nova.com.br' } });
    fireEvent.input(input(form, m.mobile), { target: { value: '987654321' } });
    save(form);
    expect(await screen.findByText('Informações do usuário atualizadas com sucesso!')).toBeTruthy();
    expect(order()).toEqual(['updateUser']);
    expect(calls('updateUser')[0]?.body).toMatchObject({ email: 'joana@nova.com.br', numeroCelular: 987654321 });
  });

  it('issue 16: the profile shows in the edit form and a new one is sent in listaPerfis', async () => {
    handlers.updateUser = saved(m.updated);
    await openList();
    const form = await openEdit(joana);
    const profile = input(form, messages.profiles.ui.profile);
    expect(profile.value).toBe('GESTOR_CARTOES');
    expect(profile.disabled).toBe(false);
    expect(
      within(profile as HTMLSelectElement)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Administrador', 'Gestor de cartões', 'Consulta']);
    fireEvent.change(profile, { target: { value: 'ADMINISTRADOR' } });
    save(form);
    expect(await screen.findByText('Informações do usuário atualizadas com sucesso!')).toBeTruthy();
    expect(calls('updateUser')[0]?.body).toMatchObject({ nomeUsuario: 'Joana Reis', listaPerfis: ['ADMINISTRADOR'] });
  });

  it('issue 16: the operator’s own row keeps its profile, and says why; the row is told by login, not name', async () => {
    // Joana is signed in under a name that is not her row's (she was renamed) and that Pedro has: her login decides.
    useAppStore.getState().signIn({ usuario: 'Pedro Alves', login: 'joana.reis', companies });
    await openList();
    const form = await openEdit(joana);
    const profile = input(form, messages.profiles.ui.profile);
    expect(profile.disabled).toBe(true);
    expect(within(form).getByText(messages.profiles.ownProfile)).toBeTruthy();
    expect(profile.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(profile.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(
      messages.profiles.ownProfile,
    );
    // Another user's row is not locked, though it bears the operator's name.
    fireEvent.click(within(form).getByRole('button', { name: m.cancel }));
    // Nor can she delete her own row: the button is off and says why; clicking it opens nothing.
    const ownDelete = await screen.findByRole('button', {
      name: `${m.delete} ${joana.nomeUsuario}: ${m.selfDelete}`,
    });
    expect(ownDelete.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(ownDelete);
    expect(screen.queryByRole('dialog')).toBeNull();
    const other = await openEdit(pedro);
    expect(input(other, messages.profiles.ui.profile).disabled).toBe(false);
  });

  it('nothing changed: nothing is sent and the edit closes', async () => {
    await openList();
    const form = await openEdit(joana);
    save(form);
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(order()).toEqual([]);
  });

  it('requires every field: "Preencha todos os campos obrigatórios."', async () => {
    await openList();
    const form = await openEdit(joana);
    fireEvent.change(input(form, m.name), { target: { value: '  ' } });
    save(form);
    expect((await within(form).findByRole('alert')).textContent).toBe('Preencha todos os campos obrigatórios.');
    fireEvent.change(input(form, m.name), { target: { value: 'Joana' } });
    fireEvent.input(input(form, m.ddi), { target: { value: '' } });
    save(form);
    expect((await within(form).findByRole('alert')).textContent).toBe('Preencha todos os campos obrigatórios.');
    expect(order()).toEqual([]);
  });

  it('checks the e-mail: "Campo E-mail é invalido, preencha o campo e-mail corretamente."', async () => {
    await openList();
    const form = await openEdit(joana);
    fireEvent.change(input(form, m.email), { target: { value: 'joana@@x' } });
    save(form);
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Campo E-mail é invalido, preencha o campo e-mail corretamente.',
    );
    expect(order()).toEqual([]);
  });

  it('keeps DDI and DDD to 2 digits and the mobile to 10 in the edit form', async () => {
    await openList();
    const form = await openEdit(joana);
    expect(input(form, m.mobile).value).toBe('91234-5678');
    fireEvent.input(input(form, m.ddi), { target: { value: '351' } });
    fireEvent.input(input(form, m.ddd), { target: { value: '119' } });
    fireEvent.input(input(form, m.mobile), { target: { value: '12345678901' } });
    expect(input(form, m.ddi).value).toBe('35');
    expect(input(form, m.ddd).value).toBe('11');
    expect(input(form, m.mobile).value).toBe('123456-7890');
  });

  it('keeps a stored 3-digit DDI and DDD the operator did not touch: only the e-mail changes', async () => {
    const lisboa = { ...joana, ddi: 351, ddd: 213 };
    handlers.listUsers = () => ({ usuarios: [lisboa] });
    handlers.updateUser = saved(m.updated);
    await openList();
    const form = await openEdit(lisboa);
    expect(input(form, m.ddi).value).toBe('351');
    expect(input(form, m.ddd).value).toBe('213');
    fireEvent.change(input(form, m.email), { target: { value: 'joana@lisboa.pt' } });
    save(form);
    expect(await screen.findByText('Informações do usuário atualizadas com sucesso!')).toBeTruthy();
    expect(calls('updateUser')[0]?.body).toMatchObject({ ddi: 351, ddd: 213, email: 'joana@lisboa.pt' });
  });

  it('shows a stored code the update cannot take and refuses to save it, sending nothing', async () => {
    const odd = { ...joana, ddi: 1234 };
    handlers.listUsers = () => ({ usuarios: [odd] });
    await openList();
    const form = await openEdit(odd);
    expect(input(form, m.ddi).value).toBe('1234');
    fireEvent.change(input(form, m.email), { target: { value: 'joana@nova.com.br' } });
    save(form);
    expect((await within(form).findByRole('alert')).textContent).toBe(m.storedCodeInvalid);
    expect(order()).toEqual([]);
    // Typing a valid code in its place lets the save through.
    fireEvent.input(input(form, m.ddi), { target: { value: '1' } });
    handlers.updateUser = saved(m.updated);
    save(form);
    expect(await screen.findByText('Informações do usuário atualizadas com sucesso!')).toBeTruthy();
    expect(calls('updateUser')[0]?.body).toMatchObject({ ddi: 1 });
  });

  it('a spinner replaces the buttons while saving; a failure says so and keeps the edit open', async () => {
    let fail: (e: unknown) => void = () => undefined;
    handlers.updateUserStatus = () => new Promise((_, reject) => (fail = reject));
    await openList();
    const form = await openEdit(joana);
    fireEvent.change(input(form, m.status), { target: { value: 'INATIVO' } });
    save(form);
    expect(await within(form).findByRole('status', { name: m.saving })).toBeTruthy();
    expect(within(form).queryByRole('button', { name: m.save })).toBeNull();
    expect(within(form).queryByRole('button', { name: m.cancel })).toBeNull();

    fail(new ApiError(403, 'Você não pode desativar o seu próprio usuário.', 'SELF_DEACTIVATE'));
    expect(await screen.findByText('Ocorreu um erro ao atualizar as informações do usuário.')).toBeTruthy();
    expect((await within(form).findByRole('alert')).textContent).toBe('Você não pode desativar o seu próprio usuário.');
    expect(within(form).getByRole('button', { name: m.save })).toBeTruthy();
    expect(input(form, m.status).value).toBe('INATIVO');
  });

  it('a failed field update after the status shows the update failure', async () => {
    handlers.updateUserStatus = saved(m.statusUpdated);
    handlers.updateUser = () => {
      throw new ApiError(500, 'erro');
    };
    await openList();
    const form = await openEdit(joana);
    fireEvent.change(input(form, m.status), { target: { value: 'INATIVO' } });
    fireEvent.change(input(form, m.name), { target: { value: 'Joana Reis Lima' } });
    save(form);
    expect(await screen.findAllByText('Ocorreu um erro ao atualizar as informações do usuário.')).not.toHaveLength(0);
    expect(order()).toEqual(['updateUserStatus', 'updateUser']);
  });

  it('Cancelar closes the edit without sending anything', async () => {
    await openList();
    const form = await openEdit(joana);
    fireEvent.change(input(form, m.name), { target: { value: 'Outro nome' } });
    fireEvent.click(within(form).getByRole('button', { name: m.cancel }));
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByText('Joana Reis')).toBeTruthy();
    expect(order()).toEqual([]);
  });

  it('deletes after the confirmation popup: "Usuário excluido com sucesso!"', async () => {
    handlers.deleteUser = () => ({ mensagemRetorno: m.deleted });
    await openList();
    fireEvent.click(await screen.findByRole('button', { name: `${m.delete} ${pedro.nomeUsuario}` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Tem certeza que deseja excluir o Usuário?')).toBeTruthy();
    expect(within(dialog).getByText('Pedro Alves')).toBeTruthy();
    expect(order()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Usuário excluido com sucesso!')).toBeTruthy();
    expect(calls('deleteUser')).toEqual([{ params: { numeroDocumento: pedro.numeroDocumento } }]);
    await waitFor(() => expect(calls('listUsers').length).toBe(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a refused delete shows the spec’s alert, quote marks included', async () => {
    handlers.deleteUser = () => {
      throw new ApiError(409, 'Não é possível excluir um usuário ATIVO.', 'USER_ACTIVE');
    };
    await openList();
    // Pedro was INATIVO when the list was read; someone made him ATIVO since.
    fireEvent.click(await screen.findByRole('button', { name: `${m.delete} ${pedro.nomeUsuario}` }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText("Não' possível deletar um usuário 'ATIVO'!")).toBeTruthy();
  });

  it('cancelling the popup deletes nothing; Cancelar has the focus', async () => {
    await openList();
    fireEvent.click(await screen.findByRole('button', { name: `${m.delete} ${pedro.nomeUsuario}` }));
    const cancel = within(await screen.findByRole('dialog')).getByRole('button', { name: m.cancel });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    fireEvent.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(order()).toEqual([]);
  });

  it('an ATIVO user’s delete is off and says why; clicking it opens nothing (issue 27)', async () => {
    await openList();
    const active = await screen.findByRole('button', { name: `${m.delete} ${joana.nomeUsuario}: ${m.deleteActive}` });
    expect(active.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(active);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.mouseEnter(active);
    expect((await screen.findByRole('tooltip')).textContent).toBe(m.deleteActive);
    expect(order()).toEqual([]);
  });
});
