import { Paper, Text, Title } from '@mantine/core';
import { messages } from '../../../../contracts/index.ts';
import { useAppStore } from '../../../lib/store/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { CreateUserForm } from '../components/create-user-form.tsx';

const m = messages.users;

/** /home/user/management: 'Criar Usuário', in the company chosen at /choose/company. */
export default function CreateUserRoute() {
  useDocumentTitle(messages.pageTitles.createUser);
  const company = useAppStore((s) => s.company);
  if (!company) return null; // RequireCompany sends the operator to choose one
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="xl" mb={4}>
        {m.createTitle}
      </Title>
      <Text c="gray.7" fz="sm" mb="lg">
        {m.createIntro}{' '}
        <Text component="strong" inherit fw={600} c="dark.7">
          {company.name}
        </Text>{' '}
        {m.createIntroMail}
      </Text>
      <CreateUserForm cnpj={company.cnpj} />
    </Paper>
  );
}
