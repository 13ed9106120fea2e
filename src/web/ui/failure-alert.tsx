import { Alert, Button, CloseButton, Group, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { commonMessages } from '../../contracts/common-messages.ts';
import { clearFailure, registerFailureHost, useFailure } from '../lib/notify/index.ts';
import { IconAlertCircle } from './icons.ts';

const m = commonMessages.failure;

/**
 * The error of the network or the server, kept on the screen where it happened (issue 27): its text, "Tentar
 * novamente" when the call can be asked again, and a close button. A new screen starts without it.
 */
export function FailureAlert() {
  const failure = useFailure();
  const { pathname } = useLocation();
  useEffect(registerFailureHost, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger — another screen, another start.
  useEffect(() => clearFailure(), [pathname]);
  if (!failure) return null;
  return (
    <Alert
      key={failure.id}
      role="alert"
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      mb="md"
      data-testid="failure-alert"
    >
      <Group justify="space-between" align="center" gap="sm">
        <Text fz="sm" c="gray.9">
          {failure.message}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {failure.retry ? (
            <Button
              size="xs"
              color="red.9"
              // Not "light": with a shade (red.9) Mantine 9 paints it solid red under red text, an unreadable button.
              variant="white"
              onClick={() => {
                const retry = failure.retry;
                clearFailure();
                void retry?.();
              }}
            >
              {m.retry}
            </Button>
          ) : null}
          <CloseButton size="sm" aria-label={m.close} onClick={() => clearFailure()} />
        </Group>
      </Group>
    </Alert>
  );
}
