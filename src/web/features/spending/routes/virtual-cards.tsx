import { Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { messages } from '../../../../contracts/index.ts';
import type { RevealVirtualResponse, VirtualCard } from '../../../../contracts/virtual-cards.ts';
import { isStepUpCancelled } from '../../../api/index.ts';
import { notify } from '../../../lib/notify/index.ts';
import { useCan } from '../../../lib/profiles/index.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { formatBRL } from '../../../ui/format.ts';
import { type Column, ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { refusalReason } from '../../card-details/api/card-action.ts';
import { cardKey } from '../../card-details/api/keys.ts';
import { ConfirmModal } from '../../card-details/components/confirm-modal.tsx';
import { Screen } from '../../card-details/components/screen.tsx';
import { type SelectedCard, useSelectedCard } from '../../card-details/lib/selected-card.ts';
import { cancelVirtual, issueVirtual, revealVirtual, useVirtualCards } from '../api/controls.ts';
import { IssueVirtualForm } from '../components/issue-virtual-form.tsx';
import { RevealDialog } from '../components/reveal-dialog.tsx';

const m = messages.spending.virtual;
const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** /home/details/virtual: the holder's virtual cards, a new one in one step, the audited reveal, the cancel. */
export default function VirtualCardsRoute() {
  const selected = useSelectedCard()!;
  return (
    <Screen title={m.title}>
      <VirtualCards selected={selected} />
    </Screen>
  );
}

function VirtualCards({ selected }: { selected: SelectedCard }) {
  const query = useVirtualCards(selected.uuid, selected.last4);
  const queryClient = useQueryClient();
  const canWrite = useCan('cards.write');
  const canReveal = useCan('personal.read');
  const [reason, setReason] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<{ data: RevealVirtualResponse; last4: string } | null>(null);
  const [cancelling, setCancelling] = useState<VirtualCard | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: cardKey(selected.uuid) });
  const closeReveal = useCallback(() => setRevealed(null), []);

  async function run<T>(action: () => Promise<T>, success: (result: T) => string) {
    setReason(null);
    setBusy(true);
    try {
      const result = await action();
      notify('success', success(result));
      await refresh();
      return result;
    } catch (error) {
      if (!isStepUpCancelled(error)) setReason(refusalReason(error) ?? messages.generic.unexpected);
      throw error;
    } finally {
      setBusy(false);
    }
  }

  async function reveal(card: VirtualCard) {
    setReason(null);
    try {
      const data = await revealVirtual(selected.uuid, selected.last4, card.id);
      setRevealed({ data, last4: card.last4 });
    } catch (error) {
      if (!isStepUpCancelled(error)) setReason(refusalReason(error) ?? messages.generic.unexpected);
    }
  }

  // 'R$' never ends a line apart from its amount.
  const money = (v: number) => formatBRL(v).replace(' ', '\u00a0');
  const columns: Column<VirtualCard>[] = [
    {
      key: 'card',
      label: m.columns.card,
      primary: true,
      render: (v) => <Text span fw={600} style={{ whiteSpace: 'nowrap' }}>{`•••• ${v.last4}`}</Text>,
    },
    {
      key: 'label',
      label: m.columns.label,
      render: (v) => (
        <>
          {v.label}
          <Text fz="xs" c="gray.7">
            {m.kinds[v.kind]}
          </Text>
        </>
      ),
    },
    { key: 'used', label: m.columns.usedOfLimit, render: (v) => m.usedOfLimit(money(v.used), money(v.limit)) },
    { key: 'expires', label: m.columns.expires, render: (v) => day(v.expiresOn) },
    { key: 'status', label: m.columns.status, render: (v) => m.statuses[v.status] },
    {
      key: 'actions',
      label: m.columns.actions,
      footer: true,
      render: (v) =>
        v.status === 'ATIVO' ? (
          <Stack gap={4} align="flex-start">
            {canReveal ? (
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => reveal(v)}
                aria-label={`${m.reveal}: final ${v.last4}`}
              >
                {m.reveal}
              </Button>
            ) : null}
            {canWrite ? (
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                c="red.9"
                onClick={() => setCancelling(v)}
                aria-label={`${m.cancel}: final ${v.last4}`}
              >
                {m.cancel}
              </Button>
            ) : null}
          </Stack>
        ) : null,
    },
  ];

  let list: React.ReactNode;
  if (!query.data) {
    list = query.isError ? (
      <Stack gap="xs" align="flex-start">
        <FormAlert message={m.failure} />
        <Button variant="default" onClick={() => query.refetch()}>
          {messages.radar.retry}
        </Button>
      </Stack>
    ) : (
      <Spinner label={m.loading} />
    );
  } else if (query.data.virtualCards.length === 0) {
    list = <Text c="gray.7">{m.empty}</Text>;
  } else {
    list = <ResponsiveTable columns={columns} rows={query.data.virtualCards} rowKey={(v) => v.id} label={m.title} />;
  }

  return (
    <Stack gap="lg">
      <Text fz="sm" c="gray.8">
        {m.intro}
      </Text>
      {reason && !cancelling ? <FormAlert message={reason} /> : null}
      {list}
      {canWrite ? (
        <IssueVirtualForm
          reason={null}
          issue={(body) =>
            run(
              () => issueVirtual(selected.uuid, selected.last4, body),
              (card) => m.issued(card.last4),
            )
          }
        />
      ) : null}
      <RevealDialog revealed={revealed?.data ?? null} last4={revealed?.last4 ?? ''} onClose={closeReveal} />
      <ConfirmModal
        opened={cancelling !== null}
        title={m.cancelTitle(cancelling?.last4 ?? '')}
        text={m.cancelText}
        confirmLabel={m.cancelConfirm}
        cancelLabel={m.keep}
        danger
        loading={busy}
        onClose={() => setCancelling(null)}
        onConfirm={() => {
          const card = cancelling;
          if (!card) return;
          run(
            () => cancelVirtual(selected.uuid, selected.last4, card.id),
            () => m.cancelled(card.last4),
          )
            .catch(() => undefined)
            .finally(() => setCancelling(null));
        }}
      />
    </Stack>
  );
}
