import { Button, Group, Stack, Text } from '@mantine/core';
import { messages } from '../../../../contracts/index.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { maskedLast4 } from '../../../ui/format.ts';
import { ReadFailure } from '../../../ui/read-failure.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useCardAction } from '../api/card-action.ts';
import { unlockPassword } from '../api/card-calls.ts';
import { isPermanentlyBlocked, useConsult } from '../api/get-consult.ts';
import { Notice } from '../components/notice.tsx';
import { Screen } from '../components/screen.tsx';
import { useSelectedCard } from '../lib/selected-card.ts';
import { passwordUnlockUserId } from '../lib/user-id.ts';

const m = messages.unlock;

/** /home/details/unlock: the card password unlock (userId zero-padded to 9 digits). */
export default function UnlockRoute() {
  const selected = useSelectedCard()!;
  const consult = useConsult(selected);
  const action = useCardAction({
    uuid: selected.uuid,
    run: () =>
      unlockPassword(selected.uuid, {
        last4digits: selected.last4,
        userId: passwordUnlockUserId(selected.account.documentNumber),
      }),
    success: m.success,
    failure: m.failure,
  });

  return (
    <Screen title={m.title}>
      {consult.data ? (
        isPermanentlyBlocked(consult.data) ? (
          <Notice>{messages.cardDetails.unlockUnavailable}</Notice>
        ) : (
          <Stack gap="md">
            <Text>{m.intro}</Text>
            <Text fw={600}>
              {messages.cardDetails.card}: {maskedLast4(selected.shownLast4)}
            </Text>
            <FormAlert message={action.reason} />
            <Group justify="flex-end">
              <Button onClick={() => action.mutate(undefined)} loading={action.isPending}>
                {m.submit}
              </Button>
            </Group>
          </Stack>
        )
      ) : consult.isError ? (
        <ReadFailure message={m.failure} error={consult.error} onRetry={consult.refetch} />
      ) : (
        <Spinner label={messages.cardDetails.loading} />
      )}
    </Screen>
  );
}
