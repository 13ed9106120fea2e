import { Box, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CorporateInvoice } from '../../../../contracts/index.ts';
import { messages } from '../../../../contracts/index.ts';
import { ToneBadge } from '../../../ui/status-badge.tsx';
import { invoiceMonth, MISSING, money } from '../format-invoice.ts';
import { CopyAction } from './copy-action.tsx';
import classes from './invoice-details.module.css';
import { PixPayment } from './pix-payment.tsx';

const t = messages.invoices;
/** Open reads as information, paid as done, overdue as the one to act on (decision 120). */
const STATE_TONES = { aberta: 'blue', paga: 'green', vencida: 'red' } as const;
const dueDay = (iso: string) => iso.split('-').reverse().join('/');

interface Row {
  label: string;
  value: number | null;
}

function Block({ title, rows, id }: { title: string; rows: Row[]; id: string }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Title order={3} fz="md" id={id} mb="xs">
        {title}
      </Title>
      <dl className={classes.list}>
        {rows.map((row) => (
          <div key={row.label} className={classes.row}>
            <dt>{row.label}</dt>
            <dd>{money(row.value)}</dd>
          </div>
        ))}
      </dl>
    </Paper>
  );
}

/**
 * One closed invoice: month and year, total, digitable line, the Pix to pay it when the provider offers one, and the
 * balance, expenses, cash and other blocks.
 */
export function InvoiceDetails({ invoice }: { invoice: CorporateInvoice }) {
  const line = invoice.digitableLine;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="invoice-summary">
        <Stack gap="sm">
          <Group gap="sm" align="center" wrap="wrap">
            <Title order={2} fz="lg" id="invoice-summary">
              {t.invoiceOf} {invoiceMonth(invoice.dueDate)}
            </Title>
            {invoice.state ? (
              <ToneBadge tone={STATE_TONES[invoice.state]} aria-label={`${t.state}: ${t.states[invoice.state]}`}>
                {t.states[invoice.state]}
              </ToneBadge>
            ) : null}
            <Text fz="sm" c="gray.7">
              {t.dueOn(dueDay(invoice.dueDate))}
            </Text>
          </Group>
          <Group gap="xl" align="flex-end" wrap="wrap">
            <div>
              <Text fz="sm" c="gray.7">
                {t.totalValue}
              </Text>
              <Text fz={28} fw={700} c="teal.9" data-testid="invoice-total">
                {money(invoice.totalInvoiceValue)}
              </Text>
            </div>
            <div>
              <Text fz="sm" c="gray.7">
                {t.minimumPayment}
              </Text>
              <Text fz="lg" fw={600}>
                {money(invoice.bsPaymentMinNotParcel)}
              </Text>
            </div>
          </Group>
          <div>
            <Text fz="sm" c="gray.7" id="digitable-line-label">
              {t.digitableLine}
            </Text>
            <Group gap="xs" align="center">
              <Box component="code" className={classes.line} aria-labelledby="digitable-line-label">
                {line ?? MISSING}
              </Box>
              {line ? <CopyAction value={line} label={t.copy} announce={t.copied} /> : null}
            </Group>
          </div>
        </Stack>
      </Paper>
      {invoice.pixCopiaECola ? <PixPayment code={invoice.pixCopiaECola} /> : null}

      <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="md">
        <Block
          id="invoice-balance"
          title={t.balance}
          rows={[
            { label: t.previousBalance, value: invoice.previousInvoiceValue },
            { label: t.paymentsAndCredits, value: invoice.totalPaymentValue },
            { label: t.charges, value: invoice.financialBurdenValue },
            { label: t.currentBalance, value: invoice.paidNotIntegralValue },
          ]}
        />
        <Block
          id="invoice-expenses"
          title={t.expenses}
          rows={[
            { label: t.national, value: invoice.totalDebitNationalValue },
            { label: t.international, value: invoice.expenditureInternationalValue },
          ]}
        />
        <Block
          id="invoice-cash"
          title={t.cash}
          rows={[
            { label: t.national, value: invoice.withdrawalCashLimitNationalValue },
            { label: t.international, value: invoice.withdrawalCashLimitInternationalValue },
          ]}
        />
        <Block
          id="invoice-other"
          title={t.other}
          rows={[
            { label: t.otherDebits, value: invoice.otherDebitsValue },
            { label: t.otherCredits, value: invoice.otherCreditsValue },
            { label: t.fees, value: invoice.feesValue },
          ]}
        />
      </SimpleGrid>
    </Stack>
  );
}
