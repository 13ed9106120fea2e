import { Alert, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { messages } from '../../../../contracts/index.ts';
import { useCorporateAccount } from '../../../api/corporate-account.ts';
import { isRetryableFailure } from '../../../lib/recovery.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { isApiError } from '../../../lib/transport/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ExportButton } from '../../../ui/export-button.tsx';
import { IconAlertCircle, IconFileInvoice, Spinner } from '../../../ui/index.ts';
import { useCorporateInvoice } from '../api/get-corporate-invoice.ts';
import { useDueDates } from '../api/get-due-dates.ts';
import { InvoiceDetails } from '../components/invoice-details.tsx';
import { dueDateLabel } from '../format-invoice.ts';

const t = messages.invoices;

/** 'Fatura indisponível'; after a failure of the network or the server, with "Tentar novamente" (decision 142). */
function Unavailable({
  text = t.unavailable,
  failure,
}: {
  text?: string;
  failure?: { error: unknown; retry: () => unknown };
}) {
  const retry = failure && isRetryableFailure(failure.error) ? failure.retry : null;
  return (
    <Alert color="gray" variant="light" icon={<IconAlertCircle aria-hidden />} role="status">
      <Group justify="space-between" gap="sm">
        <Text fw={600}>{text}</Text>
        {retry ? (
          <Button size="xs" variant="light" onClick={() => void retry()}>
            {messages.failure.retry}
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}

/** /home/invoices: the relationship's invoice of a chosen due date (spec section 2, 'Faturas do Relacionamento'). */
export default function InvoicesRoute() {
  useDocumentTitle(messages.pageTitles.invoices);
  const company = useAppStore((s) => s.company);
  const relationship = company ? { cnpj: company.cnpj, relationCode: company.relationCode } : null;
  const account = useCorporateAccount(relationship);
  const dueDates = useDueDates(
    account.data ? { uuid: account.data.uuid, last4digits: account.data.last4digits } : null,
  );
  const [chosen, setChosen] = useState<string | null>(null);
  // Until the operator picks a date, the screen picks for them (decision 152): the newest due date with an invoice.
  const [pickedByOperator, setPickedByOperator] = useState(false);

  // The newest due date is chosen when the list arrives (and again when the company changes).
  useEffect(() => {
    const list = dueDates.data;
    if (list && (!chosen || !list.includes(chosen))) {
      setChosen(list[0] ?? null);
      setPickedByOperator(false);
    }
  }, [dueDates.data, chosen]);

  const invoice = useCorporateInvoice(company && chosen ? { cnpj: company.cnpj, dueDate: chosen } : null);

  // A due date whose invoice is not there yet (the cycle still open: it closes 10 days before it is due, so from the
  // 1st to the 11th of a month the newest date has none) is passed over by the screen's own choice: it opens on the
  // newest invoice there is. A failure is not passed over (it says so, with its retry), nor the operator's choice;
  // a relationship with no invoice at all ends on its oldest date, 'Fatura indisponível'.
  const missing = invoice.isError && isApiError(invoice.error) && invoice.error.code === 'INVOICE_NOT_FOUND';
  const next = dueDates.data && chosen ? dueDates.data[dueDates.data.indexOf(chosen) + 1] : undefined;
  // Said as still loading meanwhile: the screen's own guess that missed is not news to the operator.
  const passingOver = missing && !pickedByOperator && next !== undefined;
  useEffect(() => {
    if (passingOver) setChosen(next);
  }, [passingOver, next]);
  const options = useMemo(
    () => (dueDates.data ?? []).map((d) => ({ value: d, label: dueDateLabel(d) })),
    [dueDates.data],
  );

  const loadingList = account.isPending || (account.isSuccess && dueDates.isPending);
  const listFailed = account.isError || dueDates.isError;

  return (
    <Stack gap="md" maw={1200}>
      <Paper withBorder radius="md" p="md">
        <Select
          label={t.dueDate}
          placeholder={loadingList ? t.loadingDueDates : t.dueDatePlaceholder}
          leftSection={<IconFileInvoice size={18} aria-hidden />}
          data={options}
          value={chosen}
          onChange={(value) => {
            if (!value) return;
            setPickedByOperator(true);
            setChosen(value);
          }}
          allowDeselect={false}
          disabled={options.length === 0}
          maw={{ sm: 320 }}
          comboboxProps={{ withinPortal: true }}
        />
      </Paper>
      {company && chosen && invoice.isSuccess ? (
        <ExportButton
          kind="invoice-holders"
          label={messages.exports.invoiceHolders}
          filters={{ cnpj: company.cnpj, dueDate: chosen }}
        />
      ) : null}
      {loadingList ? (
        <Spinner label={t.loadingDueDates} />
      ) : listFailed ? (
        <Unavailable
          failure={{
            error: account.error ?? dueDates.error,
            retry: () => (account.isError ? account.refetch() : dueDates.refetch()),
          }}
        />
      ) : options.length === 0 ? (
        <Unavailable text={t.noDueDates} />
      ) : invoice.isPending || passingOver ? (
        <Spinner label={t.loading} />
      ) : invoice.isError ? (
        <Unavailable failure={{ error: invoice.error, retry: invoice.refetch }} />
      ) : (
        <InvoiceDetails invoice={invoice.data} />
      )}
    </Stack>
  );
}
