import { messages } from '../../contracts/messages.ts';
import classes from './card-image.module.css';

interface CardImageProps {
  /** 2 is the black card; any other logo is drawn green. */
  logo: number;
  /** A holder's card: its last four digits and name make the image a named picture. */
  holder?: { last4: string; name: string };
}

/**
 * The plastic drawn in CSS (no external image), the same on the card details and in the card request. With a holder
 * it is an image named for screen readers; without one it is the product's face, decorative, since the control
 * around it carries the product's name.
 */
export function CardImage({ logo, holder }: CardImageProps) {
  const black = logo === 2;
  const product = black ? messages.cardDetails.blackCard : messages.cardDetails.greenCard;
  const named = holder
    ? {
        role: 'img',
        'aria-label': `${messages.cardDetails.cardImage}: ${product}, final ${holder.last4}, ${holder.name}`,
      }
    : { 'aria-hidden': true };
  return (
    <div className={classes.frame}>
      <div {...named} className={classes.card} data-product={black ? 'black' : 'green'}>
        <div className={classes.top} aria-hidden>
          <span className={classes.brand}>fidis</span>
          <span className={classes.product}>{product}</span>
        </div>
        <div className={classes.chip} aria-hidden />
        <span className={classes.number} aria-hidden>
          •••• •••• •••• {holder?.last4 ?? '••••'}
        </span>
        <span className={classes.name} aria-hidden>
          {holder?.name}
        </span>
      </div>
    </div>
  );
}
