import { Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { BLOCK_REASONS, type BlockReason, messages } from '../../../../contracts/index.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { ReadFailure } from '../../../ui/read-failure.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useCardAction } from '../api/card-action.ts';
import { activateCard, blockCard } from '../api/card-calls.ts';
import { isPermanentlyBlocked, useConsult } from '../api/get-consult.ts';
import { ConfirmModal } from '../components/confirm-modal.tsx';
import { ImpactPanel } from '../components/impact-panel.tsx';
import { Notice } from '../components/notice.tsx';
import { Screen } from '../components/screen.tsx';
import { type SelectedCard, useSelectedCard } from '../lib/selected-card.ts';

const m = messages.block;
export const BLOCK_REASON_LABELS: Record<BlockReason, string> = {
  P: m.reasonP,
  R: m.reasonR,
  BE: m.reasonBE,
  O: m.reasonO,
};

/** /home/details/block: block with a reason, or unblock after a confirmation; neither for a permanent block. */
export default function BlockRoute() {
  const selected = useSelectedCard()!;
  const consult = useConsult(selected);
  return (
    <Screen title={m.title}>
      {consult.data ? (
        isPermanentlyBlocked(consult.data) ? (
          <Notice>{messages.cardDetails.blockUnavailable}</Notice>
        ) : consult.data.status === 'Blocked' ? (
          <UnblockPanel selected={selected} />
        ) : (
          <BlockForm selected={selected} />
        )
      ) : consult.isError ? (
        <ReadFailure message={m.failure} error={consult.error} onRetry={consult.refetch} />
      ) : (
        <Spinner label={messages.cardDetails.loading} />
      )}
    </Screen>
  );
}

function BlockForm({ selected }: { selected: SelectedCard }) {
  const [reason, setReason] = useState<string>('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const action = useCardAction({
    uuid: selected.uuid,
    run: (blockingReason: BlockReason) =>
      blockCard(selected.uuid, {
        last4digits: selected.last4,
        blockingReason,
        descriptionOccurrence: description.trim(),
      }),
    success: m.success,
    failure: m.failure,
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!(BLOCK_REASONS as readonly string[]).includes(reason)) return setError(m.reasonRequired);
    setError(null);
    // The block is sent only from the confirmation, which shows what it changes (decision 082).
    setConfirming(true);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={action.isPending}>
      <Stack gap="md">
        <Text>{m.activeIntro}</Text>
        <FormAlert message={error ?? action.reason} />
        <Radio.Group label={m.reason} value={reason} onChange={setReason} withAsterisk>
          <Stack gap="xs" mt="xs">
            {BLOCK_REASONS.map((code) => (
              <Radio key={code} value={code} label={BLOCK_REASON_LABELS[code]} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={m.description}
          maxLength={200}
          rows={2}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" color="red.9" loading={action.isPending}>
            {m.submit}
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={messages.impact.blockConfirmTitle}
        text={messages.impact.blockConfirmText(
          selected.shownLast4,
          BLOCK_REASON_LABELS[reason as BlockReason] ?? reason,
        )}
        confirmLabel={messages.impact.blockConfirm}
        cancelLabel={messages.impact.back}
        danger
        loading={action.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => action.mutate(reason as BlockReason, { onSettled: () => setConfirming(false) })}
      >
        <ImpactPanel uuid={selected.uuid} last4={selected.last4} action="block" />
      </ConfirmModal>
    </form>
  );
}

function UnblockPanel({ selected }: { selected: SelectedCard }) {
  const [opened, setOpened] = useState(false);
  const code = selected.card?.blockCode as BlockReason | null | undefined;
  const action = useCardAction({
    uuid: selected.uuid,
    run: () => activateCard(selected.uuid, selected.last4),
    success: m.unblockSuccess,
    failure: m.unblockFailure,
  });
  return (
    <Stack gap="md">
      <Text>
        {m.blockedIntro}
        {code && BLOCK_REASON_LABELS[code] ? ` ${m.blockedReason} ${BLOCK_REASON_LABELS[code]}.` : ''}
      </Text>
      <FormAlert message={action.reason} />
      <Group justify="flex-end">
        <Button onClick={() => setOpened(true)}>{m.unblock}</Button>
      </Group>
      <ConfirmModal
        opened={opened}
        title={m.confirmTitle}
        text={`${m.confirmText} ${selected.shownLast4}?`}
        loading={action.isPending}
        onClose={() => setOpened(false)}
        onConfirm={() => action.mutate(undefined, { onSettled: () => setOpened(false) })}
      />
    </Stack>
  );
}
