import { Box, Text } from '@mantine/core';
import { messages } from '../../../../contracts/index.ts';
import classes from './card-image.module.css';

interface CardImageProps {
  logo: number;
  last4: string;
  name: string;
}

/** The plastic drawn in CSS: green for logo 1, black for logo 2 — no external image. */
export function CardImage({ logo, last4, name }: CardImageProps) {
  const black = logo === 2;
  const product = black ? messages.cardDetails.blackCard : messages.cardDetails.greenCard;
  return (
    <Box
      role="img"
      aria-label={`${messages.cardDetails.cardImage}: ${product}, final ${last4}, ${name}`}
      className={classes.card}
      data-product={black ? 'black' : 'green'}
    >
      <div className={classes.top} aria-hidden>
        <Text fw={700} fz="lg" c="inherit">
          fidis
        </Text>
        <Text fz="xs" fw={600} c="inherit" tt="uppercase">
          {product}
        </Text>
      </div>
      <div className={classes.chip} aria-hidden />
      <Text className={classes.number} aria-hidden c="inherit">
        •••• •••• •••• {last4}
      </Text>
      <Text className={classes.name} aria-hidden c="inherit" truncate>
        {name}
      </Text>
    </Box>
  );
}
