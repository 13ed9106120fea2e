import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { messages, SECOND_COPY_REASONS } from '../../../../contracts/index.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { ReadFailure } from '../../../ui/read-failure.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useCardAction } from '../api/card-action.ts';
import { requestSecondCopy } from '../api/card-calls.ts';
import { useEmboss } from '../api/get-emboss.ts';
import { ConfirmModal } from '../components/confirm-modal.tsx';
import { ImpactPanel } from '../components/impact-panel.tsx';
import { Screen } from '../components/screen.tsx';
import { useSelectedCard } from '../lib/selected-card.ts';

const m = messages.secondCopy;
type Reason = (typeof SECOND_COPY_REASONS)[number];
const LABELS: Record<Reason, string> = { P: m.reasonP, O: m.reasonO };

/** /home/details/request2nd: the emboss name and visual-deficiency indicator are read first, then a reason. */
export default function SecondCopyRoute() {
  const selected = useSelectedCard()!;
  const emboss = useEmboss(selected.uuid, selected.last4);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const action = useCardAction({
    uuid: selected.uuid,
    // The provider registers the ISSUE_CARD_2_WAY occurrence with the second copy, in the same transaction.
    run: (reasonReissueCard: Reason) =>
      requestSecondCopy(selected.uuid, {
        last4digits: selected.last4,
        reasonReissueCard,
        embossName: emboss.data?.embossName ?? '',
        deficiencyVisualdescription: emboss.data?.indVisualDeficiency === 'S' ? 'S' : '',
        line4Emboss: '',
      }),
    success: m.success,
    failure: m.failure,
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!(SECOND_COPY_REASONS as readonly string[]).includes(reason)) return setError(m.reasonRequired);
    setError(null);
    // Requested only from the confirmation, which says whether a 2ª via is already on its way (decision 082).
    setConfirming(true);
  }

  if (!emboss.data) {
    return (
      <Screen title={m.title}>
        {emboss.isError ? (
          <ReadFailure message={m.failure} error={emboss.error} onRetry={emboss.refetch} />
        ) : (
          <Spinner label={m.embossLoading} />
        )}
      </Screen>
    );
  }
  return (
    <Screen title={m.title}>
      <form onSubmit={onSubmit} noValidate aria-busy={action.isPending}>
        <Stack gap="md">
          <Text>{m.intro}</Text>
          <dl style={{ margin: 0, display: 'grid', gap: 8 }}>
            <div>
              <Text component="dt" fz="sm" c="gray.7">
                {m.embossName}
              </Text>
              <Text component="dd" m={0} fw={600} ff="monospace">
                {emboss.data.embossName}
              </Text>
            </div>
            <div>
              <Text component="dt" fz="sm" c="gray.7">
                {m.visualDeficiency}
              </Text>
              <Text component="dd" m={0} fw={600}>
                {emboss.data.indVisualDeficiency === 'S' ? m.yes : m.no}
              </Text>
            </div>
          </dl>
          <FormAlert message={error ?? action.reason} />
          <Radio.Group label={m.reason} value={reason} onChange={setReason} withAsterisk>
            <Stack gap="xs" mt="xs">
              {SECOND_COPY_REASONS.map((code) => (
                <Radio key={code} value={code} label={LABELS[code]} />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button type="submit" loading={action.isPending}>
              {m.submit}
            </Button>
          </Group>
        </Stack>
        <ConfirmModal
          opened={confirming}
          title={messages.impact.secondCopyConfirmTitle}
          text={messages.impact.secondCopyConfirmText(selected.shownLast4, LABELS[reason as Reason] ?? reason)}
          confirmLabel={messages.impact.secondCopyConfirm}
          cancelLabel={messages.impact.back}
          loading={action.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() => action.mutate(reason as Reason, { onSettled: () => setConfirming(false) })}
        >
          <ImpactPanel uuid={selected.uuid} last4={selected.last4} action="secondCopy" />
        </ConfirmModal>
      </form>
    </Screen>
  );
}
