import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { messages } from '../../../../contracts/messages.ts';

import { notify } from '../../../lib/notify/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { FormAlert } from '../../../ui/index.ts';
import { useDisableSecondFactor, useNewRecoveryCodes } from '../api/manage.ts';
import { secondFactorStatusKey, useSecondFactorStatus } from '../api/status.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { EnrolSecondFactor } from '../components/enrol-second-factor.tsx';
import { FactorStatus } from '../components/factor-status.tsx';
import { IconRefresh, IconShieldCheck, IconShieldOff } from '../components/icons.ts';
import { RecoveryCodesPanel } from '../components/recovery-codes-panel.tsx';

const m = messages.secondFactor.ui;

type View = { kind: 'status' } | { kind: 'enrol' } | { kind: 'codes'; codes: string[] };
type Asking = 'disable' | 'codes' | null;

/** /home/account/second_factor: the operator's own factor: its status, enrol, new recovery codes, disable. */
export default function SecondFactorSettingsRoute() {
  useDocumentTitle(messages.pageTitles.secondFactor);
  const status = useSecondFactorStatus();
  const queryClient = useQueryClient();
  const disable = useDisableSecondFactor();
  const renew = useNewRecoveryCodes();
  const [view, setView] = useState<View>({ kind: 'status' });
  const [asking, setAsking] = useState<Asking>(null);
  const reasonId = useId();

  const refresh = () => queryClient.invalidateQueries({ queryKey: secondFactorStatusKey });
  const back = () => {
    setView({ kind: 'status' });
    void refresh();
  };

  async function confirmDisable() {
    try {
      const answer = await disable.mutateAsync();
      notify('success', answer.message);
    } catch {
      // Notified by the one handler; a cancelled step-up changed nothing and says nothing.
    }
    setAsking(null);
  }

  async function confirmCodes() {
    try {
      const codes = await renew.mutateAsync();
      setView({ kind: 'codes', codes });
    } catch {
      // As above.
    }
    setAsking(null);
  }

  let body: React.ReactNode;
  if (view.kind === 'enrol') {
    body = (
      <EnrolSecondFactor
        onDone={() => {
          notify('success', m.enrolled);
          back();
        }}
        onCancel={back}
      />
    );
  } else if (view.kind === 'codes') {
    body = (
      <RecoveryCodesPanel
        codes={view.codes}
        onContinue={() => {
          notify('success', m.newCodesReady);
          back();
        }}
      />
    );
  } else if (status.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true" aria-label={m.loadingStatus}>
        <Skeleton height={20} width="60%" />
        <Skeleton height={20} width="40%" />
        <Skeleton height={20} width="50%" />
      </Stack>
    );
  } else if (status.isError) {
    body = (
      <Stack gap="md" align="flex-start">
        <FormAlert message={m.statusFailed} />
        <Button
          variant="light"
          onClick={() => void status.refetch()}
          leftSection={<IconRefresh size={16} aria-hidden />}
        >
          {m.retry}
        </Button>
      </Stack>
    );
  } else {
    const s = status.data;
    body = (
      <Stack gap="lg">
        <FactorStatus status={s} />
        {s.cadastrado ? (
          <Stack gap="xs">
            <Group gap="sm">
              <Button
                variant="light"
                onClick={() => setAsking('codes')}
                leftSection={<IconRefresh size={16} aria-hidden />}
              >
                {m.newCodes}
              </Button>
              <Button
                variant="outline"
                color="red.9"
                onClick={() => setAsking('disable')}
                disabled={s.obrigatorio}
                aria-describedby={s.obrigatorio ? reasonId : undefined}
                leftSection={<IconShieldOff size={16} aria-hidden />}
              >
                {m.disable}
              </Button>
            </Group>
            {s.obrigatorio ? (
              <Text id={reasonId} fz="sm" c="gray.7">
                {messages.secondFactor.mandatory}
              </Text>
            ) : null}
          </Stack>
        ) : (
          <Group>
            <Button onClick={() => setView({ kind: 'enrol' })} leftSection={<IconShieldCheck size={18} aria-hidden />}>
              {m.enrol}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      maw={640}
      component="section"
      aria-label={m.settingsTitle}
    >
      <Text c="gray.7" fz="sm" mb="lg">
        {m.settingsIntro}
      </Text>
      {body}
      <ConfirmDialog
        opened={asking === 'disable'}
        title={m.disableTitle}
        text={m.disableText}
        confirmLabel={m.disableConfirm}
        danger
        loading={disable.isPending}
        onConfirm={confirmDisable}
        onClose={() => setAsking(null)}
      />
      <ConfirmDialog
        opened={asking === 'codes'}
        title={m.newCodesTitle}
        text={m.newCodesText}
        confirmLabel={m.newCodesConfirm}
        loading={renew.isPending}
        onConfirm={confirmCodes}
        onClose={() => setAsking(null)}
      />
    </Paper>
  );
}
