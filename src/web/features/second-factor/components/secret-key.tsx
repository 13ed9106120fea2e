import { Group, Text } from '@mantine/core';
import { messages } from '../../../../contracts/messages.ts';
import { groupSecret } from '../lib/codes.ts';
import { CopyAction } from './copy-action.tsx';
import classes from './enrol.module.css';

const m = messages.secondFactor.ui;

/** The base32 secret for typing by hand: in groups of 4, copied whole (the apps take it with or without spaces). */
export function SecretKey({ secret }: { secret: string }) {
  return (
    <div>
      <Text fz="sm" c="gray.7" mb={6}>
        {m.manualKey}
      </Text>
      <Group gap="sm" align="center" wrap="wrap">
        <Text component="code" className={classes.secret} aria-label={`${m.secretLabel}: ${groupSecret(secret)}`}>
          {groupSecret(secret)}
        </Text>
        <CopyAction value={secret} label={m.copyKey} done={m.copied} />
      </Group>
    </div>
  );
}
