// /home/transactions — the company's spend (issue 27, decision 118): every card's authorizations, filtered, totalled,
// signed, paged by keyset and exported as filtered. A row opens its card's history.
import { Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { messages } from '../../../../contracts/messages.ts';
import { detailsOf } from '../../../app/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { SpendView } from '../components/spend-view.tsx';

const m = messages.spend;

export default function SpendRoute() {
  useDocumentTitle(messages.pageTitles.spend);
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} fz="h3">
          {m.title}
        </Title>
        <Text fz="sm" c="gray.7" maw={760}>
          {m.intro}
        </Text>
      </Stack>
      <SpendView onOpen={(row) => navigate(detailsOf(row.uuid, 'history'))} />
    </Stack>
  );
}
