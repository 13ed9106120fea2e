// The masked CPF (decision 090): a full CPF is formatted with nothing new; a masked one is shown as it is with
// "mostrar", which asks revealCpf (mocked at the transport, as the other screens' tests do) and shows the full CPF in
// place, or a short pt-BR message when the call fails.
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../contracts/messages.ts';
import { theme } from '../app/theme.ts';
import { callApi } from '../lib/transport/call-api.ts';
import { ApiError } from '../lib/transport/index.ts';
import { formatHolderCpf } from './format.ts';
import { MaskedCpf } from './masked-cpf.tsx';

vi.mock('../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));

const m = messages.profiles.mask;
const uuid = '6f1c2a9e-3b4d-4e5f-8a7b-1c2d3e4f5a6b';

const show = (documentNumber: string) =>
  render(
    <MantineProvider theme={theme}>
      <MaskedCpf documentNumber={documentNumber} uuid={uuid} holder="Ana Souza" />
    </MantineProvider>,
  );

beforeEach(() => {
  vi.mocked(callApi).mockReset();
});

describe('MaskedCpf', () => {
  it('formats a full CPF and offers no "mostrar"', () => {
    show('52998224725');
    expect(screen.getByText('529.982.247-25')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows a masked CPF as it is; "mostrar" reveals the full one in place and takes the focus there', async () => {
    vi.mocked(callApi).mockResolvedValue({ uuid, cardHolder: 'Ana Souza', documentNumber: '52998224725' });
    show('529.***.***-25');
    expect(screen.getByText('529.***.***-25')).toBeTruthy();
    const button = screen.getByRole('button', { name: m.showLabel('Ana Souza') });
    expect(button.textContent).toBe(m.show);
    fireEvent.click(button);
    const full = await screen.findByText('529.982.247-25');
    expect(vi.mocked(callApi)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(callApi).mock.calls[0]?.[0]).toBe('revealCpf');
    expect(vi.mocked(callApi).mock.calls[0]?.[1]).toMatchObject({ params: { uuid } });
    expect(screen.queryByText('529.***.***-25')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(full));
  });

  it('says so in pt-BR when the reveal fails, keeping the masked CPF and the button', async () => {
    vi.mocked(callApi).mockRejectedValue(new ApiError(404, messages.cards.holderNotFound, 'HOLDER_NOT_FOUND', null));
    show('529.***.***-25');
    fireEvent.click(screen.getByRole('button', { name: m.showLabel('Ana Souza') }));
    expect((await screen.findByRole('alert')).textContent).toBe(m.failed);
    expect(screen.getByText('529.***.***-25')).toBeTruthy();
    expect(screen.getByRole('button', { name: m.showLabel('Ana Souza') })).toBeTruthy();
  });

  it('the formatter leaves a masked CPF alone and still pads a short one', () => {
    expect(formatHolderCpf('529.***.***-25')).toBe('529.***.***-25');
    expect(formatHolderCpf('1234567890')).toBe('012.345.678-90');
  });
});
