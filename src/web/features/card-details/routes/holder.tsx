import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { type AccountData, messages } from '../../../../contracts/index.ts';
import { ReadOnlyUnless } from '../../../lib/profiles/index.ts';
import { Spinner } from '../../../ui/spinner.tsx';
import { useHolder } from '../api/get-holder.ts';
import { AddressForm } from '../components/address-form.tsx';
import { hasMaskedAddress, MaskedAddress } from '../components/masked-address.tsx';
import { PersonalForm } from '../components/personal-form.tsx';
import { Screen } from '../components/screen.tsx';
import { useSelectedCard } from '../lib/selected-card.ts';

const m = messages.holderEdit;

/**
 * A form of the editor, read-only for a profile that may not change cards (issue 16). The editor sets it up itself
 * (the details layout does it for the other screens) so that its tabs and the address's "Mostrar endereço" stay
 * outside the disabled fieldset: Consulta reads both tabs, and reveals the address (decision 093).
 */
const readOnly = (form: ReactNode) => (
  <ReadOnlyUnless permission="cards.write" reason={messages.profiles.ui.readOnlyCard}>
    {form}
  </ReadOnlyUnless>
);

function AddressPanel({ holder, uuid, version }: { holder: AccountData; uuid: string; version: number }) {
  // A masked address is a Consulta operator's: nothing to edit, the values shown as they are with the audited reveal.
  if (hasMaskedAddress(holder)) return <MaskedAddress key={version} holder={holder} uuid={uuid} />;
  return readOnly(<AddressForm key={version} holder={holder} uuid={uuid} />);
}

/** /home/details (and any other sub-path): the holder editor's two tabs. */
export default function HolderRoute() {
  // The details layout renders its sub-screens only for a selected card.
  const selected = useSelectedCard()!;
  const holder = useHolder(selected.uuid);
  return (
    <Screen title={messages.menu.holderData}>
      {holder.data ? (
        <Tabs
          defaultValue="personal"
          keepMounted={false}
          styles={{ list: { flexWrap: 'nowrap' }, tab: { whiteSpace: 'normal', lineHeight: 1.3 } }}
        >
          {/* Two halves whose labels may wrap: at 360 px the address tab fell to a second row, half underlined. */}
          <Tabs.List mb="md" grow>
            <Tabs.Tab value="personal">{m.personalTab}</Tabs.Tab>
            <Tabs.Tab value="address">{m.addressTab}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="personal">
            {readOnly(
              <PersonalForm
                key={holder.dataUpdatedAt}
                holder={holder.data}
                uuid={selected.uuid}
                last4={selected.last4}
              />,
            )}
          </Tabs.Panel>
          <Tabs.Panel value="address">
            <AddressPanel holder={holder.data} uuid={selected.uuid} version={holder.dataUpdatedAt} />
          </Tabs.Panel>
        </Tabs>
      ) : holder.isError ? null : (
        <Spinner label={messages.cardDetails.loading} />
      )}
    </Screen>
  );
}
