import { ActionIcon, Badge, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { Fragment } from 'react';
import { messages, type PortalUser } from '../../../../contracts/index.ts';
import { PROFILE_LABELS, type Profile } from '../../../../contracts/profiles.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import readAloud from '../../../ui/read-aloud-only.module.css';
import { ToneBadge } from '../../../ui/status-badge.tsx';
import { formatDocument, hyphenate } from '../lib/format.ts';
import { profileOfUser } from '../lib/save-plan.ts';
import { IconPencil, IconShieldOff, IconTrash } from './icons.ts';
import { UserEditForm } from './user-edit-form.tsx';
import classes from './users-table.module.css';

const m = messages.users;
const f = messages.secondFactor.ui;
/** Every column, so an edit row spans the table whatever the width hides. */
const COLUMNS = 7;

/** Long logins and e-mails may break after a dot or an @, never inside a word. */
function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=[.@])/);
  return (
    <span className={classes.breakable}>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered.
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

interface UsersTableProps {
  users: PortalUser[];
  listKey: readonly unknown[];
  editing: string | null;
  onEdit: (user: PortalUser | null) => void;
  onDelete: (user: PortalUser) => void;
  /** Only for who may reset factors; absent hides the action. */
  onResetFactor?: (user: PortalUser) => void;
}

/** The user list: login and mobile hidden below 768 px; a row being edited becomes the edit form. */
export function UsersTable({ users, listKey, editing, onEdit, onDelete, onResetFactor }: UsersTableProps) {
  // The own row is the one with the operator's login: a name is neither unique nor fixed (a namesake's row is not
  // theirs, and their own row stays theirs after they rename themselves). The provider refuses a change of one's
  // own profile whatever the screen shows.
  const operator = useAppStore((s) => s.authenticate.user?.login);
  return (
    <Table
      verticalSpacing="sm"
      horizontalSpacing="xs"
      highlightOnHover
      aria-label={m.tableCaption}
      className={classes.table}
    >
      <Table.Thead className={readAloud.belowSmall}>
        <Table.Tr>
          <Table.Th scope="col">{m.name}</Table.Th>
          <Table.Th scope="col" visibleFrom="sm">
            {m.login}
          </Table.Th>
          <Table.Th scope="col">{m.email}</Table.Th>
          <Table.Th scope="col">{m.documentColumn}</Table.Th>
          <Table.Th scope="col" visibleFrom="sm">
            {m.mobile}
          </Table.Th>
          <Table.Th scope="col">{f.column}</Table.Th>
          <Table.Th scope="col" ta="center">
            {m.options}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {users.map((user) =>
          user.id === editing ? (
            <Table.Tr key={user.id}>
              <Table.Td colSpan={COLUMNS}>
                <UserEditForm
                  user={user}
                  own={user.login === operator}
                  listKey={listKey}
                  onClose={() => onEdit(null)}
                />
              </Table.Td>
            </Table.Tr>
          ) : (
            <Table.Tr key={user.id}>
              <Table.Td className={classes.name}>
                <Text inherit>{user.nomeUsuario}</Text>
                {/* Issue 16: the profile under the name, at every width (a column of its own overflowed at 768 px). */}
                <Text fz="sm" fw={400} c="gray.7">
                  <VisuallyHidden>{messages.profiles.ui.profile}: </VisuallyHidden>
                  {PROFILE_LABELS[profileOfUser(user) as Profile] ?? messages.profiles.ui.noProfile}
                </Text>
                {user.status === 'INATIVO' ? (
                  <Badge color="gray.7" variant="outline" size="sm" mt={4}>
                    {m.inactiveBadge}
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Breakable text={user.login} />
              </Table.Td>
              <Table.Td data-label={m.email}>
                <Breakable text={user.email} />
              </Table.Td>
              <Table.Td data-label={m.documentColumn}>
                <span className={classes.nowrap}>{formatDocument(user.numeroDocumento)}</span>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                +{user.ddi} ({user.ddd}) <span className={classes.nowrap}>{hyphenate(user.numCelular)}</span>
              </Table.Td>
              <Table.Td data-label={f.column}>
                {/* Decision 091: whether the user has a second factor; a dash, named, when not. */}
                {user.segundoFator ? (
                  <ToneBadge tone="teal" size="sm">
                    {f.active}
                  </ToneBadge>
                ) : (
                  <span>
                    <span aria-hidden>—</span>
                    <VisuallyHidden>{f.noneLabel}</VisuallyHidden>
                  </span>
                )}
              </Table.Td>
              <Table.Td className={classes.options}>
                <Group gap={4} justify="center" wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={`${m.edit} ${user.nomeUsuario}`}
                    onClick={() => onEdit(user)}
                  >
                    <IconPencil size={18} aria-hidden />
                  </ActionIcon>
                  {onResetFactor && user.segundoFator && user.login !== operator ? (
                    <Tooltip label={f.reset} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="gray.8"
                        size="lg"
                        aria-label={`${f.reset} ${user.nomeUsuario}`}
                        onClick={() => onResetFactor(user)}
                      >
                        <IconShieldOff size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                  <DeleteButton user={user} own={user.login === operator} onDelete={onDelete} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ),
        )}
      </Table.Tbody>
    </Table>
  );
}

/**
 * Deleting oneself (decision 088) or an ATIVO user (the provider refuses it: issue 27) is off and says why, rather
 * than a confirmation and a step-up that end in a refusal. The reason is the tooltip and part of the button's name.
 */
function DeleteButton({
  user,
  own,
  onDelete,
}: {
  user: PortalUser;
  own: boolean;
  onDelete: (user: PortalUser) => void;
}) {
  const reason = own ? m.selfDelete : user.status === 'ATIVO' ? m.deleteActive : null;
  const button = (
    <ActionIcon
      variant="subtle"
      color="red.9"
      size="lg"
      data-disabled={reason ? true : undefined}
      aria-disabled={reason ? true : undefined}
      aria-label={reason ? `${m.delete} ${user.nomeUsuario}: ${reason}` : `${m.delete} ${user.nomeUsuario}`}
      onClick={reason ? (event) => event.preventDefault() : () => onDelete(user)}
    >
      <IconTrash size={18} aria-hidden />
    </ActionIcon>
  );
  if (!reason) return button;
  return (
    <Tooltip label={reason} withArrow multiline maw={260}>
      {button}
    </Tooltip>
  );
}
