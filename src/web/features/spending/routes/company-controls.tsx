import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../../../contracts/index.ts';
import { OPEN_CONTROLS, type SpendingControls } from '../../../../contracts/spending-controls.ts';
import { isStepUpCancelled } from '../../../api/step-up.ts';
import { notify } from '../../../lib/notify/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { refusalReason } from '../../card-details/api/card-action.ts';
import { ConfirmModal } from '../../card-details/components/confirm-modal.tsx';
import { type Company, companyControlsKey, saveCompanyControls, useCompanyControls } from '../api/company-controls.ts';
import { ControlsForm } from '../components/controls-form.tsx';

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
  const [saving, setSaving] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  // A new form after each save, so it starts from what the provider now holds.
  const [generation, setGeneration] = useState(0);

  async function save(controls: SpendingControls | null) {
    setSaving(true);
    setReason(null);
    try {
      const answer = await saveCompanyControls(company, controls);
      queryClient.setQueryData(companyControlsKey(company), answer);
      notify('success', m.saved);
      setGeneration((g) => g + 1);
    } catch (error) {
      // The operator closed the identity check: nothing changed, and the form keeps what they typed.
      if (!isStepUpCancelled(error)) setReason(refusalReason(error) ?? m.saveFailure);
      throw error;
    } finally {
      setSaving(false);
    }
  }

  if (!query.data) {
    if (!query.isError) return <Spinner label={m.loading} />;
    return (
      <Stack gap="sm" align="flex-start">
        <FormAlert message={m.failure} />
        <Button variant="default" onClick={() => query.refetch()}>
          {messages.radar.retry}
        </Button>
      </Stack>
    );
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
