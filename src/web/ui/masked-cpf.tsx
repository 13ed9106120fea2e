// A holder's CPF as the provider answered it. For a Consulta operator it comes masked (000.***.***-00, decision
// 090): shown as it is, with a small "mostrar" that asks the provider for the full CPF (an audited call) and shows
// it in place. Any other profile gets the full CPF and sees nothing new.
import { Button, Group, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { isMaskedCpf } from '../../contracts/masked-cpf.ts';
import { messages } from '../../contracts/messages.ts';
import { revealCpf } from '../api/reveal-cpf.ts';
import { formatHolderCpf } from './format.ts';
import classes from './masked-cpf.module.css';

const m = messages.profiles.mask;
const tabular = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

interface MaskedCpfProps {
  /** The answer's documentNumber: 11 digits, or the provider's masked value. */
  documentNumber: string;
  /** The account uuid the reveal asks for. */
  uuid: string;
  holder: string;
  /** The text's size: 'sm' in the lists (default), inherited in the summary. */
  fz?: 'sm' | 'inherit';
}

/**
 * A full CPF is only text: a plain element, since a list renders one per row and a Mantine Text with this one's
 * hooks cost /home's render about as much as the row's other cells (issue 27's Lighthouse figures).
 */
export function MaskedCpf(props: MaskedCpfProps) {
  if (isMaskedCpf(props.documentNumber)) return <RevealableCpf {...props} />;
  return (
    <span className={classes.cpf} data-size={props.fz ?? 'sm'}>
      {formatHolderCpf(props.documentNumber)}
    </span>
  );
}

function RevealableCpf({ documentNumber, uuid, holder, fz = 'sm' }: MaskedCpfProps) {
  const [revealed, setRevealed] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const masked = isMaskedCpf(documentNumber);
  const shown = revealed ?? documentNumber;
  const textRef = useRef<HTMLSpanElement>(null);
  // The button goes away with the reveal: the focus moves to the CPF it revealed, so the keyboard keeps its place.
  useEffect(() => {
    if (revealed) textRef.current?.focus();
  }, [revealed]);

  async function reveal() {
    setState('loading');
    try {
      setRevealed(await revealCpf(uuid));
      setState('idle');
    } catch {
      setState('failed');
    }
  }

  const text = (
    <Text component="span" fz={fz} style={tabular} ref={textRef} tabIndex={revealed ? -1 : undefined}>
      {formatHolderCpf(shown)}
    </Text>
  );
  if (!masked || revealed) return text;
  return (
    <span>
      <Group component="span" gap={6} wrap="nowrap" display="inline-flex">
        {text}
        <Button
          size="compact-xs"
          variant="subtle"
          aria-label={m.showLabel(holder)}
          loading={state === 'loading'}
          onClick={() => void reveal()}
        >
          {m.show}
        </Button>
      </Group>
      {state === 'failed' ? (
        <Text component="span" display="block" fz="xs" c="red.8" role="alert">
          {m.failed}
        </Text>
      ) : null}
    </span>
  );
}
