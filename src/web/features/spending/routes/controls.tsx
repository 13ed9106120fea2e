import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '../../../../contracts/index.ts';
import { useCan } from '../../../lib/profiles/index.ts';
import { Spinner } from '../../../ui/spinner.tsx';
import { cardKey } from '../../card-details/api/keys.ts';
import { Screen } from '../../card-details/components/screen.tsx';
import { type SelectedCard, useSelectedCard } from '../../card-details/lib/selected-card.ts';
import { previewControls, saveControls, simulatePurchase, useCardControls } from '../api/controls.ts';
import { ControlsForm } from '../components/controls-form.tsx';
import { SimulatePurchase } from '../components/simulate-purchase.tsx';
import { ControlsReadFailure, useControlsSave } from '../lib/use-controls-save.tsx';

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
  const { save, saving, reason, generation } = useControlsSave({
    send: async (controls) => {
      await saveControls(selected.uuid, selected.last4, controls);
      await queryClient.invalidateQueries({ queryKey: cardKey(selected.uuid) });
    },
  });

  if (!query.data) {
    if (!query.isError) return <Spinner label={m.loading} />;
    return <ControlsReadFailure onRetry={query.refetch} />;
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
