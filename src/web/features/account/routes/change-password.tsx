import { Paper, Text } from '@mantine/core';
import { messages } from '../../../../contracts/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ChangePasswordForm } from '../components/change-password-form.tsx';

const m = messages.passwordChange;

/** /home/account/password: not in the spec's route table (decision 074); the top bar carries the title. */
export default function ChangePasswordRoute() {
  useDocumentTitle(messages.pageTitles.changePassword);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={560}>
      <Text c="gray.7" fz="sm" mb={4}>
        {m.intro}
      </Text>
      <Text c="gray.7" fz="sm" mb="lg">
        {m.sessionsNote}
      </Text>
      <ChangePasswordForm />
    </Paper>
  );
}
