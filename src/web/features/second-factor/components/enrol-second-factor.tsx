import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { messages } from '../../../../contracts/messages.ts';
import type { SecondFactorEnrollment } from '../../../../contracts/second-factor.ts';
import { isApiError } from '../../../lib/transport/index.ts';
import { FormAlert, Spinner } from '../../../ui/index.ts';
import { useConfirmEnrollment, useStartEnrollment } from '../api/enrollment.ts';
import { isTotp } from '../lib/codes.ts';
import { isWrongCode, refusalOf } from '../lib/refusal.ts';
import { CodeField } from './code-field.tsx';
import classes from './enrol.module.css';
import { IconRefresh } from './icons.ts';
import { RecoveryCodesPanel } from './recovery-codes-panel.tsx';
import { SecretKey } from './secret-key.tsx';

const m = messages.secondFactor.ui;

interface EnrolProps {
  /** Why the enrolment is asked (the sign-in's "obrigatório"), above the steps. */
  reason?: ReactNode;
  /** After the recovery codes were kept: the factor is in force. */
  onDone: () => void;
  /** Offered only where leaving is allowed (the account area); the sign-in has its own way out. */
  onCancel?: () => void;
}

/**
 * The enrolment, used at sign-in and from the account area: a new secret as a QR code and as text, a first code to
 * confirm it, then the 10 recovery codes shown once.
 */
export function EnrolSecondFactor({ reason, onDone, onCancel }: EnrolProps) {
  const start = useStartEnrollment();
  const [secret, setSecret] = useState<SecondFactorEnrollment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const started = useRef(false);

  function begin() {
    setSecret(null);
    start.mutate(undefined, { onSuccess: setSecret });
  }

  // One enrolment per visit: each POST makes a new secret, and the QR code must show the one the provider holds
  // (the ref also keeps the development double effect from asking twice).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on arrival.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    begin();
  }, []);

  if (codes) return <RecoveryCodesPanel codes={codes} onContinue={onDone} />;

  if (!secret) {
    if (start.isError) {
      return (
        <Stack gap="md">
          <FormAlert message={refusalOf(start.error) ?? m.startFailed} />
          <Group gap="sm">
            <Button onClick={begin} leftSection={<IconRefresh size={16} aria-hidden />}>
              {m.retry}
            </Button>
            {onCancel ? (
              <Button variant="default" onClick={onCancel}>
                {m.cancelEnrol}
              </Button>
            ) : null}
          </Group>
        </Stack>
      );
    }
    return <Spinner label={m.starting} />;
  }

  return (
    <Stack gap="lg">
      {reason ? (
        <Alert color="teal" variant="light" role="note">
          {reason}
        </Alert>
      ) : null}
      <ol className={classes.steps}>
        <li className={classes.step}>
          <div>
            <Text fw={600}>{m.step1Title}</Text>
            <Text fz="sm" c="gray.7">
              {m.step1Text}
            </Text>
          </div>
        </li>
        <li className={classes.step}>
          <Stack gap="sm">
            <div>
              <Text fw={600}>{m.step2Title}</Text>
              <Text fz="sm" c="gray.7">
                {m.step2Text}
              </Text>
            </div>
            <Box className={classes.qr} w="fit-content">
              <QRCodeSVG value={secret.uri} size={168} marginSize={0} role="img" aria-label={m.qrLabel} />
            </Box>
            <SecretKey secret={secret.segredo} />
          </Stack>
        </li>
        <li className={classes.step}>
          <ConfirmCode onConfirmed={setCodes} onRestart={begin} onCancel={onCancel} />
        </li>
      </ol>
    </Stack>
  );
}

/** Step 3: the first code. A wrong one is cleared; an enrolment the provider no longer holds offers a new key. */
function ConfirmCode({
  onConfirmed,
  onRestart,
  onCancel,
}: {
  onConfirmed: (codes: string[]) => void;
  onRestart: () => void;
  onCancel?: () => void;
}) {
  const confirm = useConfirmEnrollment();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!isTotp(code)) {
      setError(m.codeRequired);
      field.current?.focus();
      return;
    }
    setError(null);
    try {
      onConfirmed((await confirm.mutateAsync(code)).codigosRecuperacao);
    } catch (err) {
      const reason = refusalOf(err);
      if (reason === null) return;
      setError(reason);
      setExpired(isApiError(err) && err.code === 'SECOND_FACTOR_NOT_STARTED');
      if (isWrongCode(err)) setCode('');
      field.current?.focus();
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={confirm.isPending}>
      <Stack gap="sm">
        <div>
          <Text fw={600}>{m.step3Title}</Text>
          <Text fz="sm" c="gray.7">
            {m.step3Text}
          </Text>
        </div>
        <FormAlert message={error} />
        <CodeField mode="totp" value={code} onChange={setCode} inputRef={field} />
        <Group gap="sm">
          <Button type="submit" size="md" loading={confirm.isPending}>
            {m.confirmEnrol}
          </Button>
          {expired ? (
            <Button variant="light" size="md" onClick={onRestart} leftSection={<IconRefresh size={16} aria-hidden />}>
              {m.restart}
            </Button>
          ) : null}
          {onCancel ? (
            <Button variant="default" size="md" onClick={onCancel} disabled={confirm.isPending}>
              {m.cancelEnrol}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
