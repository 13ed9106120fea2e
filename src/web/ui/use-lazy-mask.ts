import { type RefObject, useEffect, useEffectEvent } from 'react';

/**
 * Puts an IMask pattern (0 is a digit) on an input when the operator first comes to it (focus, or text arriving
 * without one), not when the page opens: building the mask took 40 ms of the opening /home's main thread, for a box
 * most visits never use (decision 153). The library, some 17 KB, is fetched ahead once the frame has painted
 * (prefetchShared), so it is at hand by then. The same masking as MaskedInput from then on; what was typed before is
 * masked as the library arrives. `onAccept` gets the masked text as shown.
 */
export function useLazyMask(
  input: RefObject<HTMLInputElement | null>,
  mask: string,
  onAccept: (value: string) => void,
): void {
  const accept = useEffectEvent(onAccept);
  useEffect(() => {
    const field = input.current;
    if (!field) return;
    let active = true;
    let destroy: (() => void) | undefined;
    const start = () => {
      field.removeEventListener('focus', start);
      field.removeEventListener('input', start);
      void import('imask').then(({ default: IMask }) => {
        if (!active) return;
        const masked = IMask(field, { mask });
        masked.on('accept', () => accept(masked.value));
        destroy = () => masked.destroy();
        // Text typed before the mask arrived has just been masked, without an input event: the state follows it.
        accept(masked.value);
      });
    };
    if (document.activeElement === field) start();
    else {
      field.addEventListener('focus', start);
      field.addEventListener('input', start);
    }
    return () => {
      active = false;
      field.removeEventListener('focus', start);
      field.removeEventListener('input', start);
      destroy?.();
    };
  }, [input, mask]);
}
