import { Alert, Button, Group, Text } from '@mantine/core';
import { commonMessages } from '../../contracts/common-messages.ts';
import { IconAlertCircle } from './icons.ts';

interface FormAlertProps {
  message: string | null;
  color?: 'red' | 'teal';
  /** A failure of the network or the server: "Tentar novamente" asks again from where it is said (issue 27). */
  onRetry?: () => void;
}

/** A form's message: a validation text or the server's reason, announced to screen readers. */
export function FormAlert({ message, color = 'red', onRetry }: FormAlertProps) {
  if (!message) return null;
  return (
    <Alert role="alert" color={color} variant="light" icon={<IconAlertCircle aria-hidden />}>
      {onRetry ? (
        <Group justify="space-between" align="center" gap="sm">
          <Text fz="sm" c="gray.9">
            {message}
          </Text>
          {/* "white", as the frame's alert's: "light" with a shade is solid red under red text in Mantine 9. */}
          <Button size="xs" color="red.9" variant="white" onClick={onRetry}>
            {commonMessages.failure.retry}
          </Button>
        </Group>
      ) : (
        message
      )}
    </Alert>
  );
}
