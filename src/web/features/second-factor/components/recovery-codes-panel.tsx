import { Button, Checkbox, Group, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { messages } from '../../../../contracts/messages.ts';
import { downloadCodes } from '../lib/codes-file.ts';
import { CopyAction } from './copy-action.tsx';
import { IconDownload } from './icons.ts';
import classes from './recovery-codes-panel.module.css';

const m = messages.secondFactor.ui;

interface RecoveryCodesPanelProps {
  codes: readonly string[];
  onContinue: () => void;
}

/**
 * The 10 recovery codes, shown this once (the provider keeps only their hashes): copy, download, and a checkbox
 * the operator ticks before going on, so nobody leaves the screen without having kept them.
 */
export function RecoveryCodesPanel({ codes, onContinue }: RecoveryCodesPanelProps) {
  const [saved, setSaved] = useState(false);
  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="lg" mb={4}>
          {m.codesTitle}
        </Title>
        <Text c="gray.7" fz="sm">
          {m.codesText}
        </Text>
      </div>
      <List
        type="ordered"
        aria-label={m.codesListLabel}
        className={classes.codes}
        listStyleType="none"
        withPadding={false}
      >
        {codes.map((code) => (
          <List.Item key={code} className={classes.code}>
            {code}
          </List.Item>
        ))}
      </List>
      <Group gap="sm">
        <CopyAction value={codes.join('\n')} label={m.copyCodes} done={m.codesCopied} />
        <Button
          variant="light"
          size="sm"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => downloadCodes(codes)}
        >
          {m.downloadCodes}
        </Button>
      </Group>
      <Checkbox label={m.savedCodes} checked={saved} onChange={(e) => setSaved(e.currentTarget.checked)} size="md" />
      <Button size="md" onClick={onContinue} disabled={!saved} fullWidth>
        {m.continue}
      </Button>
    </Stack>
  );
}
