import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../../../contracts/index.ts';
import { notify } from '../../../lib/notify/index.ts';
import { useCan } from '../../../lib/profiles/index.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { refusalReason } from '../../card-details/api/card-action.ts';
import { cardKey } from '../../card-details/api/keys.ts';
import { Screen } from '../../card-details/components/screen.tsx';
import { type SelectedCard, useSelectedCard } from '../../card-details/lib/selected-card.ts';
import { previewControls, saveControls, simulatePurchase, useCardControls } from '../api/controls.ts';
import { ControlsForm } from '../components/controls-form.tsx';
import { SimulatePurchase } from '../components/simulate-purchase.tsx';

const m = messages.spending;
const CONTROLS_ID = 'controles-do-cartao';

/** /home/details/controls: the card's spending controls and, in the demo, a purchase to try them on. */
export default function ControlsRoute() {
  const selected = useSelectedCard()!;
  return (
    <Screen title={m.title}>
      <CardControls selected={selected} />
    </Screen>
  );
}

function CardControls({ selected }: { selected: SelectedCard }) {
  const query = useCardControls(selected.uuid, selected.last4);
  const queryClient = useQueryClient();
  const canChange = useCan('cards.write');
  const [saving, setSaving] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  // A new form after each save, so it starts from what the provider now holds.
  const [generation, setGeneration] = useState(0);

  async function save(controls: Parameters<typeof saveControls>[2]) {
    setSaving(true);
    setReason(null);
    try {
      await saveControls(selected.uuid, selected.last4, controls);
      notify('success', m.saved);
      await queryClient.invalidateQueries({ queryKey: cardKey(selected.uuid) });
      setGeneration((g) => g + 1);
    } catch (error) {
      setReason(refusalReason(error) ?? m.saveFailure);
      throw error;
    } finally {
      setSaving(false);
    }
  }

  if (!query.data) {
    if (!query.isError) return <Spinner label={m.loading} />;
    return (
      <Stack gap="sm" align="flex-start">
        <FormAlert message={m.failure} />
        <Button variant="default" onClick={() => query.refetch()}>
          {messages.radar.retry}
        </Button>
      </Stack>
    );
  }
  const { source, controls } = query.data;
  return (
    <Stack gap="lg">
      <Stack gap="xs" id={CONTROLS_ID} tabIndex={-1}>
        <Text fz="sm" c="gray.8">
          {m.intro}
        </Text>
        <Group justify="space-between" gap="sm">
          <Text fz="sm" fw={600}>
            {source === 'card' ? m.usingOwn : source === 'company' ? m.usingCompany : m.usingNone}
          </Text>
          {source === 'card' && query.data.companyDefault ? (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => save(null).catch(() => undefined)}
              loading={saving}
            >
              {m.backToCompany}
            </Button>
          ) : null}
        </Group>
      </Stack>
      <ControlsForm
        key={`${generation}-${source}`}
        current={{ source, controls }}
        preview={(next) => previewControls(selected.uuid, selected.last4, next)}
        save={save}
        saving={saving}
        reason={reason}
      />
      <Divider />
      <SimulatePurchase
        run={async (purchase) => {
          const answer = await simulatePurchase(selected.uuid, selected.last4, purchase);
          await queryClient.invalidateQueries({ queryKey: cardKey(selected.uuid) });
          return answer;
        }}
        controlsId={CONTROLS_ID}
        canChange={canChange}
      />
    </Stack>
  );
}
