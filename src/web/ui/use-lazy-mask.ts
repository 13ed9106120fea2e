import { type RefObject, useEffect, useEffectEvent } from 'react';
import { firstPaint } from '../lib/first-paint.ts';

/**
 * Puts an IMask pattern (0 is a digit) on an input once the page has painted and the mask library, some 15 KB, has
 * loaded: for a field the first paint shows, which then does not wait for it. The same masking as MaskedInput from
 * then on; what was typed before is masked as the library arrives. `onAccept` gets the masked text as shown.
 */
export function useLazyMask(
  input: RefObject<HTMLInputElement | null>,
  mask: string,
  onAccept: (value: string) => void,
): void {
  const accept = useEffectEvent(onAccept);
  useEffect(() => {
    let active = true;
    let destroy: (() => void) | undefined;
    void firstPaint
      .then(() => import('imask'))
      .then(({ default: IMask }) => {
        if (!active || !input.current) return;
        const masked = IMask(input.current, { mask });
        masked.on('accept', () => accept(masked.value));
        destroy = () => masked.destroy();
        // Text typed before the mask arrived has just been masked, without an input event: the state follows it.
        accept(masked.value);
      });
    return () => {
      active = false;
      destroy?.();
    };
  }, [input, mask]);
}
