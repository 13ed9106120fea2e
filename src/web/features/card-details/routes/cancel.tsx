import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../../../contracts/index.ts';
import { paths } from '../../../app/paths.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useCardAction } from '../api/card-action.ts';
import { cancelAccount } from '../api/card-calls.ts';
import { getCards } from '../api/get-cards.ts';
import { useHolder } from '../api/get-holder.ts';
import { ConfirmModal } from '../components/confirm-modal.tsx';
import { ImpactPanel } from '../components/impact-panel.tsx';
import { Notice } from '../components/notice.tsx';
import { Screen } from '../components/screen.tsx';
import { holderCardOf, useSelectedCard } from '../lib/selected-card.ts';
import { syncCard } from '../lib/store-sync.ts';

const m = messages.cancel;

/** /home/details/cancel: cancel the card account after a confirmation; an account already CANCELADA says so. */
export default function CancelRoute() {
  const selected = useSelectedCard()!;
  const navigate = useNavigate();
  const holder = useHolder(selected.uuid);
  const [opened, setOpened] = useState(false);
  const action = useCardAction({
    uuid: selected.uuid,
    run: () => cancelAccount(selected.uuid, selected.last4),
    success: m.success,
    failure: m.failure,
    onSuccess: async () => {
      // The list shows the cancelled card as Inativo without a reload, then the operator is back on /home.
      const cards = await getCards(selected.uuid).catch(() => null);
      if (cards) syncCard(cards, holderCardOf(cards.cardsResult, selected.account));
      navigate(paths.home);
    },
  });

  let body: React.ReactNode;
  if (!holder.data) body = holder.isError ? null : <Spinner label={messages.cardDetails.loading} />;
  else if (holder.data.accountStatusDescription === 'CANCELADA') body = <Notice>{m.alreadyCancelled}</Notice>;
  else {
    body = (
      <Stack gap="md">
        <Text>{m.intro}</Text>
        <FormAlert message={action.reason} />
        <Group justify="flex-end">
          <Button color="red.9" onClick={() => setOpened(true)}>
            {m.submit}
          </Button>
        </Group>
        <ConfirmModal
          opened={opened}
          title={m.confirmTitle}
          text={`${m.confirmText} ${holder.data.clientNameHolder}?`}
          confirmLabel={m.confirm}
          cancelLabel={m.keep}
          danger
          loading={action.isPending}
          onClose={() => setOpened(false)}
          onConfirm={() => action.mutate(undefined, { onError: () => setOpened(false) })}
        >
          <ImpactPanel uuid={selected.uuid} last4={selected.last4} action="cancel" />
        </ConfirmModal>
      </Stack>
    );
  }
  return <Screen title={m.title}>{body}</Screen>;
}
