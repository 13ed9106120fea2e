import { Title } from '@mantine/core';
import { useEffect, useRef } from 'react';

/** A heading that takes the focus when its panel appears, so the keyboard and screen readers land on the news. */
export function FocusedTitle({ id, children }: { id: string; children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Title order={2} fz="lg" id={id} ref={ref} tabIndex={-1} style={{ outlineOffset: 4 }}>
      {children}
    </Title>
  );
}
