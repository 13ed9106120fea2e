import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CorporateInvoice } from '../../../../contracts/index.ts';
import { ApiError, callApi } from '../../../lib/transport/index.ts';
import { companies } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import { setUpRouteTest } from '../../../test/route-test.ts';

vi.mock('../../../lib/transport/call-api.ts', () => ({ callApi: vi.fn() }));
const api = vi.mocked(callApi);

const company = companies[0]!;
const ACCOUNT = {
  uuid: '0b8f3c2e-5a1d-4c3e-9f00-1234567890ab',
  last4digits: '4321',
  corporateName: company.corporateName,
  cnpj: company.cnpj,
  relationCode: company.relationCode,
};
const full: CorporateInvoice = {
  dueDate: '2026-02-22',
  totalInvoiceValue: 123456.78,
  digitableLine: '34191.23456 78901.234567 89012.345678 1 13450012345678',
  previousInvoiceValue: 1000,
  totalPaymentValue: 800,
  bsPaymentMinNotParcel: 18518.52,
  expenditureInternationalValue: 2500.5,
  totalDebitNationalValue: 100000,
  withdrawalCashLimitInternationalValue: 300,
  withdrawalCashLimitNationalValue: 1200,
  financialBurdenValue: 24,
  paidNotIntegralValue: 224,
  otherDebitsValue: 10,
  otherCreditsValue: 20,
  feesValue: 29.9,
};
// A static BR Code of R$ 123.456,78 (the provider's tests check how it is built).
const PIX =
  '00020126580014br.gov.bcb.pix01363f6c2a9e-81d4-4b7a-9c05-e2d71b48f6a35204000053039865409123456.785802BR5913FIDIS CARTOES6009SAO PAULO62230519FAT20260222000000426304A312';
const payable: CorporateInvoice = { ...full, pixCopiaECola: PIX };
const partial: CorporateInvoice = {
  ...full,
  dueDate: '2026-01-22',
  expenditureInternationalValue: null,
  withdrawalCashLimitInternationalValue: null,
  otherCreditsValue: null,
};

function answer(dueDates: string[], byDate: Record<string, CorporateInvoice>) {
  api.mockImplementation(async (name, options) => {
    if (name === 'corporateAccount') return ACCOUNT;
    if (name === 'invoiceDueDates')
      return { listInvoiceDueDate: dueDates.map((invoiceDueDate) => ({ invoiceDueDate })) };
    if (name === 'corporateInvoice') {
      const invoice = byDate[options?.headers?.duedate ?? ''];
      if (!invoice) throw new ApiError(404, 'Fatura indisponível', 'INVOICE_NOT_FOUND');
      return invoice;
    }
    throw new Error(`unexpected ${name}`);
  });
}

const dd = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('/home/invoices', { timeout: 30_000 }, () => {
  setUpRouteTest(api, () => import('./invoices.tsx'));

  it('shows the newest due date’s invoice: month and year, total, digitable line and the four blocks', async () => {
    answer(['2026-01-22', '2026-02-22', '2025-12-22'], { '2026-02-22': full, '2026-01-22': partial });
    renderApp('/home/invoices');
    expect(
      await screen.findByRole('heading', { name: 'Fatura de fevereiro de 2026' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Data de vencimento' }) as HTMLInputElement).value).toBe('22/02/2026');
    expect(screen.getByTestId('invoice-total').textContent).toBe('R$ 123.456,78');
    expect(screen.getByText(full.digitableLine!)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copiar linha digitável' })).toBeTruthy();
    expect(dd('Saldo anterior')).toBe('R$ 1.000,00');
    expect(dd('Pagamentos e créditos')).toBe('R$ 800,00');
    expect(dd('Encargos')).toBe('R$ 24,00');
    expect(dd('Saldo atual')).toBe('R$ 224,00');
    const expenses = screen.getByRole('region', { name: 'Despesas' });
    expect(within(expenses).getByText('Internacionais').nextElementSibling?.textContent).toBe('R$ 2.500,50');
    expect(
      within(screen.getByRole('region', { name: 'Saques' })).getByText('Nacionais').nextElementSibling?.textContent,
    ).toBe('R$ 1.200,00');
    expect(dd('Tarifas')).toBe('R$ 29,90');
    expect(api).toHaveBeenCalledWith('corporateAccount', {
      headers: { cnpj: company.cnpj, relationcode: company.relationCode },
    });
    expect(api).toHaveBeenCalledWith('invoiceDueDates', {
      params: { uuid: ACCOUNT.uuid },
      headers: { last4digits: '4321' },
    });
    expect(api).toHaveBeenCalledWith('corporateInvoice', { headers: { duedate: '2026-02-22', cnpj: company.cnpj } });
  });

  it('says where the invoice stands, with its due date (decision 120)', async () => {
    answer(['2026-02-22', '2026-01-22'], {
      '2026-02-22': { ...full, state: 'vencida' },
      '2026-01-22': { ...partial, state: 'paga' },
    });
    renderApp('/home/invoices');
    expect(await screen.findByText('Vencida', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByLabelText('Situação: Vencida')).toBeTruthy();
    expect(screen.getByText('Vencimento em 22/02/2026')).toBeTruthy();
  });

  it('lists the due dates as day/month/year, newest first, and shows a dash for each value not carried', async () => {
    answer(['2026-01-22', '2026-02-22', '2025-12-22'], { '2026-02-22': full, '2026-01-22': partial });
    renderApp('/home/invoices');
    await screen.findByRole('heading', { name: 'Fatura de fevereiro de 2026' }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('combobox', { name: 'Data de vencimento' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['22/02/2026', '22/01/2026', '22/12/2025']);
    fireEvent.click(screen.getByRole('option', { name: '22/01/2026' }));
    expect(await screen.findByRole('heading', { name: 'Fatura de janeiro de 2026' })).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Despesas' })).getByText('Internacionais').nextElementSibling
        ?.textContent,
    ).toBe('—');
    expect(
      within(screen.getByRole('region', { name: 'Saques' })).getByText('Internacionais').nextElementSibling
        ?.textContent,
    ).toBe('—');
    expect(dd('Créditos')).toBe('—');
    expect(dd('Débitos')).toBe('R$ 10,00');
  });

  it('says Fatura indisponível for a due date without an invoice, and no notification pops up', async () => {
    answer(['2026-02-22', '2025-12-22'], { '2026-02-22': full });
    renderApp('/home/invoices');
    await screen.findByRole('heading', { name: 'Fatura de fevereiro de 2026' }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('combobox', { name: 'Data de vencimento' }));
    fireEvent.click(await screen.findByRole('option', { name: '22/12/2025' }));
    expect(await screen.findByText('Fatura indisponível')).toBeTruthy();
    expect(screen.queryByTestId('invoice-total')).toBeNull();
    expect(screen.getAllByText('Fatura indisponível')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).toBeNull();
  });

  it('opens on the newest invoice there is: a due date whose invoice is not there yet is passed over (decision 152)', async () => {
    // From the 1st to the 11th of a month the newest due date's cycle is still open: no invoice yet.
    answer(['2026-03-22', '2026-02-22', '2026-01-22'], { '2026-02-22': full, '2026-01-22': partial });
    renderApp('/home/invoices');
    expect(
      await screen.findByRole('heading', { name: 'Fatura de fevereiro de 2026' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Data de vencimento' }) as HTMLInputElement).value).toBe('22/02/2026');
    expect(screen.queryByText('Fatura indisponível')).toBeNull();
    expect(api).toHaveBeenCalledWith('corporateInvoice', { headers: { duedate: '2026-03-22', cnpj: company.cnpj } });
    // The open cycle stays in the list, and chosen by the operator it says what it has.
    fireEvent.click(screen.getByRole('combobox', { name: 'Data de vencimento' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['22/03/2026', '22/02/2026', '22/01/2026']);
    fireEvent.click(screen.getByRole('option', { name: '22/03/2026' }));
    expect(await screen.findByText('Fatura indisponível')).toBeTruthy();
    expect(screen.queryByTestId('invoice-total')).toBeNull();
  });

  it('does not pass over a failure: the newest due date that failed says so, with "Tentar novamente"', async () => {
    answer(['2026-02-22', '2026-01-22'], { '2026-01-22': partial });
    const answers = api.getMockImplementation()!;
    api.mockImplementation(async (name, options) => {
      if (name === 'corporateInvoice' && options?.headers?.duedate === '2026-02-22')
        throw new ApiError(503, 'Serviço indisponível');
      return answers(name, options);
    });
    renderApp('/home/invoices');
    expect(await screen.findByRole('button', { name: 'Tentar novamente' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Fatura indisponível')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Data de vencimento' }) as HTMLInputElement).value).toBe('22/02/2026');
    expect(api).not.toHaveBeenCalledWith('corporateInvoice', {
      headers: { duedate: '2026-01-22', cnpj: company.cnpj },
    });
  });

  it('ends on the oldest due date, Fatura indisponível, when the relationship has no invoice at all', async () => {
    answer(['2026-02-22', '2026-01-22'], {});
    renderApp('/home/invoices');
    expect(await screen.findByText('Fatura indisponível', {}, { timeout: 10_000 })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Data de vencimento' }) as HTMLInputElement).value).toBe('22/01/2026');
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).toBeNull();
  });

  it('says Fatura indisponível when the relationship cannot be read, with "Tentar novamente" that reads it again', async () => {
    api.mockRejectedValue(new ApiError(502, 'Serviço indisponível'));
    renderApp('/home/invoices');
    expect(await screen.findByText('Fatura indisponível')).toBeTruthy();
    // A failure of the server (issue 27, decision 142); a due date without an invoice (404) has no such button.
    api.mockReset();
    answer(['2026-02-22'], { '2026-02-22': full });
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Fatura de fevereiro de 2026' })).toBeTruthy();
  });

  it('says so when the relationship has no due date', async () => {
    answer([], {});
    renderApp('/home/invoices');
    expect(await screen.findByText('Nenhuma data de vencimento disponível para este relacionamento.')).toBeTruthy();
    await waitFor(() => expect(api).not.toHaveBeenCalledWith('corporateInvoice', expect.anything()));
  });

  describe('Pagar com Pix', () => {
    let writeText: ReturnType<typeof vi.fn>;
    beforeEach(() => {
      // The code's field grows with its text, which watches font loading: jsdom has no document.fonts.
      if (!('fonts' in document)) {
        Object.defineProperty(document, 'fonts', {
          configurable: true,
          value: { addEventListener: () => undefined, removeEventListener: () => undefined },
        });
      }
      writeText = vi.fn().mockResolvedValue(undefined);
      Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    });

    it('shows the QR code and the copia-e-cola beside the digitable line, and copies each with Copiado!', async () => {
      answer(['2026-02-22'], { '2026-02-22': payable });
      renderApp('/home/invoices');
      const pix = await screen.findByRole('region', { name: 'Pagar com Pix' }, { timeout: 10_000 });
      const qr = within(pix).getByRole('img', { name: 'QR Code do Pix da fatura' });
      expect(qr.tagName.toLowerCase()).toBe('svg');
      expect(qr.querySelectorAll('path').length).toBeGreaterThan(0);
      const field = within(pix).getByRole('textbox', { name: 'Código Pix copia e cola' }) as HTMLTextAreaElement;
      expect(field.value).toBe(PIX);
      expect(field.readOnly).toBe(true);

      fireEvent.click(within(pix).getByRole('button', { name: 'Copiar código Pix' }));
      await waitFor(() => expect(writeText).toHaveBeenCalledWith(PIX));
      expect(await within(pix).findByRole('button', { name: 'Copiado!' })).toBeTruthy();
      expect(within(pix).getByRole('status').textContent).toBe('Código Pix copiado');

      fireEvent.click(screen.getByRole('button', { name: 'Copiar linha digitável' }));
      await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(full.digitableLine));
      expect(await screen.findByText('Linha digitável copiada')).toBeTruthy();
    });

    it('shows no Pix block when the invoice carries no copia-e-cola', async () => {
      answer(['2026-02-22'], { '2026-02-22': full });
      renderApp('/home/invoices');
      await screen.findByRole('heading', { name: 'Fatura de fevereiro de 2026' }, { timeout: 10_000 });
      expect(screen.queryByRole('region', { name: 'Pagar com Pix' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Copiar código Pix' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Copiar linha digitável' })).toBeTruthy();
    });

    it('shows no Pix block for a due date without an invoice', async () => {
      answer(['2026-02-22', '2026-01-22'], { '2026-02-22': payable });
      renderApp('/home/invoices');
      await screen.findByRole('region', { name: 'Pagar com Pix' }, { timeout: 10_000 });
      fireEvent.click(screen.getByRole('combobox', { name: 'Data de vencimento' }));
      fireEvent.click(await screen.findByRole('option', { name: '22/01/2026' }));
      expect(await screen.findByText('Fatura indisponível')).toBeTruthy();
      expect(screen.queryByRole('region', { name: 'Pagar com Pix' })).toBeNull();
    });
  });
});
