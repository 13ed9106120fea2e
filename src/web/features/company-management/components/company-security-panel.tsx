import { Alert, Button, Group, Modal, Paper, Skeleton, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { messages } from '../../../../contracts/index.ts';
import { isStepUpCancelled } from '../../../api/index.ts';
import { notify } from '../../../lib/notify/index.ts';
import { isApiError } from '../../../lib/transport/index.ts';
import { useCompanySecurity, useUpdateCompanySecurity } from '../api/company-security.ts';

const m = messages.secondFactor.ui;

/**
 * 'Segurança de acesso' (decision 091): the switch that requires a second factor of every profile of the company.
 * Switching on saves at once; switching off asks first, since it lowers the company's protection.
 */
export function CompanySecurityPanel({ cnpj }: { cnpj: string }) {
  const rule = useCompanySecurity(cnpj, true);
  const update = useUpdateCompanySecurity(cnpj);
  const [askingOff, setAskingOff] = useState(false);

  async function save(exigirSegundoFator: boolean) {
    try {
      await update.mutateAsync(exigirSegundoFator);
      notify('success', exigirSegundoFator ? m.companyOn : m.companyOff);
    } catch (err) {
      // The switch shows the stored rule again by itself; a cancelled step-up changed nothing and says nothing.
      if (!isStepUpCancelled(err) && !(isApiError(err) && err.status === 401)) {
        notify('error', isApiError(err) && err.status < 500 && err.message ? err.message : m.companySaveFailed);
      }
    }
    setAskingOff(false);
  }

  let control: React.ReactNode;
  if (rule.isPending) control = <Skeleton height={24} width={280} aria-label={m.loadingStatus} />;
  else if (rule.isError)
    control = (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between" gap="sm">
          <Text fz="sm">{m.companyFailed}</Text>
          <Button size="xs" variant="light" onClick={() => void rule.refetch()}>
            {m.retry}
          </Button>
        </Group>
      </Alert>
    );
  else {
    // While saving, the switch shows the value being saved.
    const on = update.isPending && update.variables !== undefined ? update.variables : rule.data.exigirSegundoFator;
    control = (
      <Switch
        label={m.companySwitch}
        description={m.companyHint}
        checked={on}
        disabled={update.isPending}
        onChange={(e) => (e.currentTarget.checked ? void save(true) : setAskingOff(true))}
        size="md"
        styles={{ description: { color: 'var(--mantine-color-gray-7)' }, label: { fontWeight: 500 } }}
      />
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="company-security">
      <Title order={2} fz="md" id="company-security" mb="sm">
        {m.companyTitle}
      </Title>
      {control}
      <Modal
        opened={askingOff}
        onClose={() => !update.isPending && setAskingOff(false)}
        title={m.companyOffTitle}
        closeButtonProps={{ 'aria-label': m.closeDialog }}
        centered
        size="sm"
        styles={{ title: { fontWeight: 600 } }}
      >
        <Text>{m.companyOffText}</Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setAskingOff(false)} disabled={update.isPending} data-autofocus>
            {m.cancel}
          </Button>
          <Button color="red.9" onClick={() => void save(false)} loading={update.isPending}>
            {m.companyOffConfirm}
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
