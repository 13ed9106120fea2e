// Consulta's masked address (decision 093): the address tab shows the provider's masked values as they are, with
// "Mostrar endereço" (outside the read-only fieldset, so it works) which asks revealAddress and shows the full address
// in place; a failure says so. Gestor sees the address form as before, with no "mostrar".
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../contracts/index.ts';
import { maskAddressFields } from '../../../../contracts/masked-address.ts';
import type { Profile } from '../../../../contracts/profiles.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { ApiError } from '../../../lib/transport/index.ts';
import { holder, UUID } from '../../../test/card-fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { selectCard, warmRoutes } from '../../../test/setup-card.ts';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));

beforeAll(warmRoutes, 60_000);

const t = messages.profiles.addressMask;
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const revealed = {
  uuid: UUID,
  cardHolder: holder.clientNameHolder,
  zipCode: holder.zipCode,
  address: holder.address,
  addressNumber: holder.addressNumber,
  addressComplement: 'Sala 4',
  district: holder.district,
  city: holder.city,
  state: holder.state,
};

function as(perfil: Profile) {
  const company = { corporateName: 'Transportadora Horizonte Ltda', cnpj: '11222333000181', relationCode: '000101' };
  useAppStore.setState({
    authenticate: {
      user: { usuario: 'Maria Operadora', login: 'maria.operadora', companies: [{ ...company, perfil }] },
      signedIn: true,
    },
  });
}

async function openAddressTab() {
  const tab = await screen.findByRole('tab', { name: messages.holderEdit.addressTab }, { timeout: 10_000 });
  expect(tab.matches(':disabled')).toBe(false);
  fireEvent.click(tab);
}

describe('the holder’s address for Consulta (decision 093)', () => {
  it('shows the masked address; "Mostrar endereço" reveals it in place and takes the focus there', async () => {
    const api = selectCard({
      holder: maskAddressFields({ ...holder, addressComplement: 'Sala 4' }),
      revealAddress: revealed,
    });
    as('CONSULTA');
    renderApp('/home/details');
    await openAddressTab();
    const show = await screen.findByRole('button', { name: t.show });
    expect(show.matches(':disabled')).toBe(false);
    expect(value('CEP')).toBe('13•••-•••');
    expect(value('Endereço')).toBe('•••');
    expect(value('Número')).toBe('•••');
    expect(value('Complemento')).toBe('•••');
    expect(value('Bairro')).toBe('•••');
    expect(value('Cidade')).toBe('Campinas');
    expect(screen.queryByRole('button', { name: messages.holderEdit.save })).toBeNull();

    fireEvent.click(show);
    await waitFor(() => expect(value('CEP')).toBe('13010-100'));
    expect(value('Endereço')).toBe('Rua Barão de Jaguara');
    expect(value('Número')).toBe('120');
    expect(value('Complemento')).toBe('Sala 4');
    expect(value('Bairro')).toBe('Centro');
    expect(api).toHaveBeenCalledWith('revealAddress', expect.objectContaining({ params: { uuid: UUID } }));
    expect(api.mock.calls.filter(([name]) => name === 'revealAddress')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: t.show })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('CEP')));
  });

  it('a failed reveal says so in pt-BR and keeps the masked address and the button', async () => {
    selectCard({
      holder: maskAddressFields(holder),
      revealAddress: () => new ApiError(404, messages.cards.holderNotFound, 'HOLDER_NOT_FOUND', null),
    });
    as('CONSULTA');
    renderApp('/home/details');
    await openAddressTab();
    fireEvent.click(await screen.findByRole('button', { name: t.show }));
    expect((await screen.findByText(t.failed)).getAttribute('role')).toBe('alert');
    expect(value('Endereço')).toBe('•••');
    expect(screen.getByRole('button', { name: t.show })).toBeTruthy();
  });

  it('Gestor de cartões gets the address form unchanged, with no "mostrar"', async () => {
    selectCard();
    as('GESTOR_CARTOES');
    renderApp('/home/details');
    await openAddressTab();
    await waitFor(() => expect(value('Endereço *')).toBe('Rua Barão de Jaguara'));
    expect(value('CEP *')).toBe('13010-100');
    expect(screen.queryByRole('button', { name: t.show })).toBeNull();
    expect(screen.getByRole('button', { name: messages.holderEdit.save }).matches(':disabled')).toBe(false);
  });

  it('Consulta reads the personal tab with its controls off, and the reason', async () => {
    selectCard({ holder: maskAddressFields(holder) });
    as('CONSULTA');
    renderApp('/home/details');
    const save = await screen.findByRole('button', { name: messages.holderEdit.save }, { timeout: 10_000 });
    expect(save.matches(':disabled')).toBe(true);
    expect(screen.getByText(messages.profiles.ui.readOnlyCard)).toBeTruthy();
  });
});
