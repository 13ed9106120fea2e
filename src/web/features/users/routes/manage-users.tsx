import { Paper, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { messages, type PortalUser } from '../../../../contracts/index.ts';
import { usersQueryKey, useUsers } from '../../../api/users.ts';
import { useCan } from '../../../lib/profiles/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Spinner } from '../../../ui/index.ts';
import { DeleteUserDialog } from '../components/delete-user-dialog.tsx';
import { ResetFactorDialog } from '../components/reset-factor-dialog.tsx';
import { UsersTable } from '../components/users-table.tsx';

const m = messages.users;

function ManageUsers({ cnpj }: { cnpj: string }) {
  const users = useUsers(cnpj);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<PortalUser | null>(null);
  const [resetting, setResetting] = useState<PortalUser | null>(null);
  // Resetting another user's factor is an Administrador's (users.manage), as the provider checks too.
  const managesUsers = useCan('users.manage');
  const listKey = usersQueryKey(cnpj);
  // A failed load is silent and reads as an empty list (spec section 8).
  const list = users.data ?? [];

  let body: ReactNode;
  if (users.isPending) body = <Spinner label={m.loading} />;
  else if (list.length === 0) body = <Text c="gray.7">{m.empty}</Text>;
  else
    body = (
      <UsersTable
        users={list}
        listKey={listKey}
        editing={editing}
        onEdit={(user) => setEditing(user?.id ?? null)}
        onDelete={setDeleting}
        onResetFactor={managesUsers ? setResetting : undefined}
      />
    );

  return (
    <>
      {body}
      <DeleteUserDialog user={deleting} listKey={listKey} onClose={() => setDeleting(null)} />
      <ResetFactorDialog user={resetting} cnpj={cnpj} listKey={listKey} onClose={() => setResetting(null)} />
    </>
  );
}

/** /home/user/management/manage: 'Gerenciar Usuários', the chosen company's users. */
export default function ManageUsersRoute() {
  useDocumentTitle(messages.pageTitles.manageUsers);
  const company = useAppStore((s) => s.company);
  if (!company) return null; // RequireCompany sends the operator to choose one
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <Title order={2} fz="xl" mb="md">
        {m.manageTitle}
      </Title>
      <ManageUsers cnpj={company.cnpj} />
    </Paper>
  );
}
