// The export button: the ticket through the sealed transport (mocked at the transport, as the other screens' tests
// do), the file from fetch (the browser's edge), progress in rows, the save, a cancel and a refusal in pt-BR.
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../contracts/messages.ts';
import { theme } from '../app/theme.ts';
import { callApi } from '../lib/transport/call-api.ts';
import { ExportButton } from './export-button.tsx';

vi.mock('../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));

const m = messages.exports;
const ticket = 'eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..aXY.Y2lwaGVy.dGFn';
const filters = { cnpj: '11222333000181', relationCode: '000101', order: 'asc' as const };

let saved: { name: string; bytes: Promise<ArrayBuffer> }[];
let stream: ReadableStreamDefaultController<Uint8Array>;
let requested: { url: string; init: RequestInit }[];

beforeEach(() => {
  saved = [];
  requested = [];
  vi.mocked(callApi).mockResolvedValue({
    ticket,
    rows: 3,
    fileName: 'portadores-11222333000181.csv',
    expiresAt: '2026-03-02T12:01:00.000Z',
  });
  const blobs = new Map<string, Blob>();
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:${blobs.size}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: () => undefined,
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, bytes: blobs.get(this.href)!.arrayBuffer() });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** fetch answers a stream the test feeds, and errors it when the call is aborted. */
function streamingFetch() {
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    requested.push({ url, init });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        stream = controller;
        init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      },
    });
    return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } }));
  });
}

const bytes = (text: string) => new TextEncoder().encode(text);

const renderButton = () =>
  render(
    <MantineProvider theme={theme} env="test">
      <ExportButton kind="holders" filters={filters} label={m.holders} />
    </MantineProvider>,
  );

describe('ExportButton', () => {
  it('asks for a ticket with the filters, shows the rows received against the rows announced, then saves the file', async () => {
    streamingFetch();
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: m.holders }));
    await waitFor(() => expect(requested).toHaveLength(1));
    expect(callApi).toHaveBeenCalledWith('exportTicket', { body: { kind: 'holders', filters } });
    expect(requested[0]?.url).toBe(`/proxy/download/${ticket}`);
    expect(requested[0]?.init.credentials).toBe('same-origin');
    expect(await screen.findByText('0 de 3 linhas recebidas')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: m.progressLabel })).toBeTruthy();

    stream.enqueue(bytes('\ufeffConta;Portador\r\n1;ANA\r\n'));
    expect(await screen.findByText('1 de 3 linhas recebidas')).toBeTruthy();
    stream.enqueue(bytes('2;BIA\r\n3;CAIO\r\n'));
    stream.close();
    expect(await screen.findByText(m.done('3'))).toBeTruthy();
    expect(saved).toHaveLength(1);
    expect(saved[0]?.name).toBe('portadores-11222333000181.csv');
    const file = new Uint8Array((await saved[0]?.bytes) ?? new ArrayBuffer(0));
    // The bytes as sent: the BOM (EF BB BF) kept, which a text decode would drop.
    expect([...file.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(file)).toBe(
      '\ufeffConta;Portador\r\n1;ANA\r\n2;BIA\r\n3;CAIO\r\n',
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('cancels a download under way: nothing is saved', async () => {
    streamingFetch();
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: m.holders }));
    await screen.findByText('0 de 3 linhas recebidas');
    stream.enqueue(bytes('\ufeffConta;Portador\r\n1;ANA\r\n'));
    await screen.findByText('1 de 3 linhas recebidas');
    fireEvent.click(screen.getByRole('button', { name: m.cancel }));
    expect(await screen.findByText(m.cancelled)).toBeTruthy();
    expect(saved).toHaveLength(0);
    expect(screen.getByRole('button', { name: m.holders })).toBeTruthy();
  });

  it("shows the download's refusal in pt-BR", async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(JSON.stringify({ code: 'EXPORT_TICKET_USED', message: m.ticketUsed }), {
          status: 410,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: m.holders }));
    expect((await screen.findByRole('alert')).textContent).toContain(m.ticketUsed);
    expect(saved).toHaveLength(0);
  });

  it("shows the ticket's refusal (another company) without downloading", async () => {
    const { ApiError } = await import('../lib/transport/api-error.ts');
    vi.mocked(callApi).mockRejectedValue(new ApiError(404, messages.company.notFound, 'COMPANY_NOT_FOUND'));
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: m.holders }));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.company.notFound);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
