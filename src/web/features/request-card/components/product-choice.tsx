import { Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { messages } from '../../../../contracts/index.ts';
import { CardImage } from '../../../ui/card-image.tsx';
import type { Product } from '../form-model.ts';
import classes from './request-card.module.css';

const PRODUCTS: { product: Product; name: string }[] = [
  { product: 1, name: messages.proposal.green },
  { product: 2, name: messages.proposal.black },
];

/** Step 1: the product, chosen by its card image (green, logo 001; black, logo 002), named by its name only. */
export function ProductChoice({ onChoose }: { onChoose: (product: Product) => void }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="choose-product">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="choose-product">
            1. {messages.proposal.chooseProduct}
          </Title>
          <Text c="gray.7" fz="sm">
            {messages.proposal.chooseProductHint}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg" maw={720}>
          {PRODUCTS.map(({ product, name }) => (
            <UnstyledButton key={product} className={classes.product} onClick={() => onChoose(product)}>
              <CardImage logo={product} />
              <Text fw={600} mt="sm">
                {name}
              </Text>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
