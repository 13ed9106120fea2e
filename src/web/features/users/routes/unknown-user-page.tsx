import { Paper, Text, Title } from '@mantine/core';
import { messages } from '../../../../contracts/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

const m = messages.users;

/** /home/user/management/<anything else>: inside the area (its title and tabs), neither of its two screens. */
export default function UnknownUserPageRoute() {
  useDocumentTitle(messages.pageTitles.userManagement);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="xl" mb={4}>
        {m.unknownPageTitle}
      </Title>
      <Text c="gray.7">{m.unknownPage}</Text>
    </Paper>
  );
}
