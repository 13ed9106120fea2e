import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../../../contracts/index.ts';
import { OPEN_CONTROLS } from '../../../../contracts/spending-controls.ts';
import { isStepUpCancelled } from '../../../api/step-up.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Spinner } from '../../../ui/spinner.tsx';
import { ConfirmModal } from '../../card-details/components/confirm-modal.tsx';
import {
  type Company,
  companyControlsKey,
  previewCompanyControls,
  saveCompanyControls,
  useCompanyControls,
} from '../api/company-controls.ts';
import { ControlsForm } from '../components/controls-form.tsx';
import { ControlsReadFailure, useControlsSave } from '../lib/use-controls-save.tsx';

const m = messages.spending;

/** /home/company/management/controls: the controls every card without its own follows (issue 30). */
export default function CompanyControlsRoute() {
  useDocumentTitle(messages.pageTitles.companyManagement);
  const company = useAppStore((s) => s.company);
  if (!company) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="company-controls">
      <Title order={2} fz="xl" mb="md" id="company-controls">
        {m.companyTitle}
      </Title>
      <CompanyControls company={company} />
    </Paper>
  );
}

function CompanyControls({ company }: { company: Company }) {
  const query = useCompanyControls(company);
  const queryClient = useQueryClient();
  const { save, saving, reason, generation } = useControlsSave({
    send: async (controls) =>
      queryClient.setQueryData(companyControlsKey(company), await saveCompanyControls(company, controls)),
    // The operator closed the identity check: nothing changed, and the form keeps what they typed.
    silent: isStepUpCancelled,
  });
  const [removing, setRemoving] = useState(false);

  if (!query.data) {
    if (!query.isError) return <Spinner label={m.loading} />;
    return <ControlsReadFailure onRetry={query.refetch} />;
  }
  const { controls } = query.data;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Text fz="sm" c="gray.8">
          {m.companyIntro}
        </Text>
        <Group justify="space-between" gap="sm">
          <Text fz="sm" fw={600}>
            {controls ? m.companyHas : m.companyNone}
          </Text>
          {controls ? (
            <Button variant="subtle" size="compact-sm" color="red" onClick={() => setRemoving(true)}>
              {m.companyRemove}
            </Button>
          ) : null}
        </Group>
      </Stack>
      <ControlsForm
        key={`${generation}-${controls ? 'company' : 'none'}`}
        current={{ source: controls ? 'company' : 'none', controls: controls ?? OPEN_CONTROLS }}
        savesAs="company"
        preview={(next) => previewCompanyControls(company, next)}
        groupsHint={m.companyGroupsHint}
        save={save}
        saving={saving}
        reason={reason}
      />
      <ConfirmModal
        opened={removing}
        title={m.companyRemoveTitle}
        text={m.companyRemoveText}
        confirmLabel={m.companyRemove}
        cancelLabel={m.cancel}
        loading={saving}
        danger
        onClose={() => setRemoving(false)}
        onConfirm={async () => {
          await save(null).catch(() => undefined);
          setRemoving(false);
        }}
      />
    </Stack>
  );
}
