import { Tabs } from '@mantine/core';
import { messages } from '../../../../contracts/index.ts';
import { Spinner } from '../../../ui/spinner.tsx';
import { useHolder } from '../api/get-holder.ts';
import { AddressForm } from '../components/address-form.tsx';
import { PersonalForm } from '../components/personal-form.tsx';
import { Screen } from '../components/screen.tsx';
import { useSelectedCard } from '../lib/selected-card.ts';

const m = messages.holderEdit;

/** /home/details (and any other sub-path): the holder editor's two tabs. */
export default function HolderRoute() {
  // The details layout renders its sub-screens only for a selected card.
  const selected = useSelectedCard()!;
  const holder = useHolder(selected.uuid);
  return (
    <Screen title={messages.menu.holderData}>
      {holder.data ? (
        <Tabs defaultValue="personal" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="personal">{m.personalTab}</Tabs.Tab>
            <Tabs.Tab value="address">{m.addressTab}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="personal">
            <PersonalForm key={holder.dataUpdatedAt} holder={holder.data} uuid={selected.uuid} last4={selected.last4} />
          </Tabs.Panel>
          <Tabs.Panel value="address">
            <AddressForm key={holder.dataUpdatedAt} holder={holder.data} uuid={selected.uuid} />
          </Tabs.Panel>
        </Tabs>
      ) : holder.isError ? null : (
        <Spinner label={messages.cardDetails.loading} />
      )}
    </Screen>
  );
}
