import { Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Switch, Table, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { AUDIT_FIELD_LABELS } from '../../../../contracts/audit-labels.ts';
import { messages } from '../../../../contracts/index.ts';
import { MCC_GROUP_KEYS, MCC_GROUPS, type SpendingControls } from '../../../../contracts/spending-controls.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { MoneyInput } from '../../../ui/money-input.tsx';
import { ConfirmModal } from '../../card-details/components/confirm-modal.tsx';
import { type ControlChange, changesBetween, controlsOf, formOf, type ControlsForm as Values } from '../lib/form.ts';
import { type ImpactPreview, ImpactSummary } from './impact-summary.tsx';

const m = messages.spending;

interface ControlsFormProps {
  current: { source: 'card' | 'company' | 'none'; controls: SpendingControls };
  /** What the controls would have declined in the last 30 days, and by which control; absent: no preview. */
  preview?: (controls: SpendingControls) => Promise<ImpactPreview>;
  /** Whose controls a save makes: the card's own, or the company's default (the atual → novo table says it). */
  savesAs?: 'card' | 'company';
  groupsHint?: string;
  save: (controls: SpendingControls) => Promise<unknown>;
  saving: boolean;
  reason: string | null;
}

/**
 * The three groups of controls read as the form's sections: the legend bolder than the fields' own labels under it,
 * and no browser margin on the fieldset (2 px each side), so the groups line up with the screen's title.
 */
const SECTION = {
  m: 0,
  styles: { legend: { fontWeight: 700, marginBottom: 'var(--mantine-spacing-xs)' } },
} as const;

/**
 * The card's controls: groups blocked, where it may buy, and its maximums. Saving shows what changes (atual → novo)
 * and what the controls would have declined in the last 30 days, and asks before it applies.
 */
export function ControlsForm({
  current,
  preview,
  save,
  saving,
  reason,
  savesAs = 'card',
  groupsHint = m.groupsHint,
}: ControlsFormProps) {
  const [values, setValues] = useState<Values>(() => formOf(current.controls));
  const [confirm, setConfirm] = useState<{ changes: ControlChange[]; impact: ImpactPreview | null } | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const toggleGroup = (group: (typeof MCC_GROUP_KEYS)[number], blocked: boolean) =>
    set('blockedGroups', blocked ? [...values.blockedGroups, group] : values.blockedGroups.filter((g) => g !== group));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next = controlsOf(values);
    const changes = changesBetween(current, { source: savesAs, controls: next }, AUDIT_FIELD_LABELS);
    if (!preview) {
      setConfirm({ changes, impact: null });
      return;
    }
    setPreviewing(true);
    try {
      setConfirm({ changes, impact: await preview(next) });
    } catch {
      // Without the preview the change can still be confirmed; the dialog says only what changes.
      setConfirm({ changes, impact: null });
    } finally {
      setPreviewing(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={saving || previewing}>
      <Stack gap="lg">
        <FormAlert message={reason} />
        <Fieldset legend={m.groupsLegend} variant="unstyled" {...SECTION}>
          <Text fz="sm" c="gray.7" mb="xs">
            {groupsHint}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            {MCC_GROUP_KEYS.map((group) => (
              <Checkbox
                key={group}
                label={MCC_GROUPS[group].label}
                checked={values.blockedGroups.includes(group)}
                onChange={(e) => toggleGroup(group, e.currentTarget.checked)}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={m.channelsLegend} variant="unstyled" {...SECTION}>
          <Stack gap="xs">
            <Switch
              label={m.international}
              checked={values.international}
              onChange={(e) => set('international', e.currentTarget.checked)}
            />
            <Switch label={m.online} checked={values.online} onChange={(e) => set('online', e.currentTarget.checked)} />
            <Switch
              label={m.cashWithdrawal}
              checked={values.cashWithdrawal}
              onChange={(e) => set('cashWithdrawal', e.currentTarget.checked)}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend={m.amountsLegend} variant="unstyled" {...SECTION}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <MoneyInput
              label={m.maxPerPurchase}
              placeholder={m.noLimit}
              value={values.maxPerPurchase}
              onChange={(v) => set('maxPerPurchase', v)}
            />
            <MoneyInput
              label={m.dailyLimit}
              placeholder={m.noLimit}
              value={values.dailyLimit}
              onChange={(v) => set('dailyLimit', v)}
            />
            <MoneyInput
              label={m.monthlyLimit}
              placeholder={m.noLimit}
              value={values.monthlyLimit}
              onChange={(v) => set('monthlyLimit', v)}
            />
          </SimpleGrid>
        </Fieldset>
        <Group justify="flex-end">
          <Button type="submit" loading={previewing || saving}>
            {m.save}
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirm !== null}
        title={m.confirmTitle}
        text={confirm && confirm.changes.length === 0 ? m.noChanges : m.confirmText}
        confirmLabel={m.confirm}
        cancelLabel={m.cancel}
        loading={saving}
        onClose={() => setConfirm(null)}
        onConfirm={async () => {
          await save(controlsOf(values)).then(
            () => setConfirm(null),
            () => setConfirm(null),
          );
        }}
      >
        {confirm && confirm.changes.length > 0 ? <ChangesTable changes={confirm.changes} /> : null}
        {confirm?.impact ? <ImpactSummary impact={confirm.impact} /> : null}
      </ConfirmModal>
    </form>
  );
}

function ChangesTable({ changes }: { changes: ControlChange[] }) {
  return (
    <Table fz="sm" withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{m.changeField}</Table.Th>
          <Table.Th scope="col">{m.changeBefore}</Table.Th>
          <Table.Th scope="col">{m.changeAfter}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((c) => (
          <Table.Tr key={c.field}>
            <Table.Th scope="row" fw={500}>
              {c.field}
            </Table.Th>
            <Table.Td>{c.before}</Table.Td>
            <Table.Td fw={600}>{c.after}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
