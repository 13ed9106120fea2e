// The holder's address as the provider answered a Consulta operator (decision 093): street, number, complement,
// district and most of the CEP masked (•••). Shown read-only as it is, with "Mostrar endereço", which asks the
// provider for the full address (an audited call) and shows it in the same fields, moving the focus to the first.
// The button sits outside the read-only fieldset of the card screens, which would disable it.
import { Alert, Button, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { type AccountData, messages } from '../../../../contracts/index.ts';
import { isMaskedAddress } from '../../../../contracts/masked-address.ts';
import { revealAddress } from '../../../api/reveal-address.ts';
import { formatCep } from '../../../ui/format.ts';
import { IconLock } from '../../../ui/icons.ts';

const m = messages.holderEdit;
const t = messages.profiles.addressMask;

type AddressShown = Pick<
  AccountData,
  'zipCode' | 'address' | 'addressNumber' | 'addressComplement' | 'district' | 'city' | 'state'
>;

/** True when the provider masked the holder's address (a Consulta operator): the form gives way to MaskedAddress. */
export const hasMaskedAddress = (h: AddressShown): boolean =>
  [h.zipCode, h.address, h.addressNumber, h.addressComplement, h.district].some(isMaskedAddress);

const cep = (value: string) => (isMaskedAddress(value) ? value : formatCep(value));

export function MaskedAddress({ holder, uuid }: { holder: AccountData; uuid: string }) {
  const [revealed, setRevealed] = useState<AddressShown | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const first = useRef<HTMLInputElement>(null);
  const shown = revealed ?? holder;
  // The button goes away with the reveal: the focus moves to the CEP it revealed, so the keyboard keeps its place.
  useEffect(() => {
    if (revealed) first.current?.focus();
  }, [revealed]);

  async function reveal() {
    setState('loading');
    try {
      setRevealed(await revealAddress(uuid));
      setState('idle');
    } catch {
      setState('failed');
    }
  }

  const field = (label: string, value: string, ref?: typeof first) => (
    <TextInput label={label} value={value} readOnly ref={ref} autoComplete="off" />
  );

  return (
    <Stack gap="md">
      {revealed ? null : (
        <Alert color="blue" variant="light" icon={<IconLock aria-hidden />} role="note">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{t.note}</Text>
            <Button size="compact-sm" variant="light" loading={state === 'loading'} onClick={() => void reveal()}>
              {t.show}
            </Button>
            {state === 'failed' ? (
              <Text fz="sm" c="red.8" role="alert">
                {t.failed}
              </Text>
            ) : null}
          </Stack>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {field(m.cep, cep(shown.zipCode), first)}
        {field(m.number, shown.addressNumber)}
      </SimpleGrid>
      {field(m.street, shown.address)}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {field(m.complement, shown.addressComplement)}
        {field(m.district, shown.district)}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {field(m.city, shown.city)}
        {field(m.state, shown.state)}
      </SimpleGrid>
    </Stack>
  );
}
