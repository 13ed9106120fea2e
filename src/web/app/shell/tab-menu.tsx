import { Button, ScrollArea } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useAppStore } from '../../lib/store/index.ts';
import { tabMenu } from './menu.ts';

/** The horizontal menu of the current area, the current tab highlighted. */
export function TabMenu() {
  const { pathname } = useLocation();
  const cardSelected = useAppStore((s) => Boolean(s.relationship.currentCard));
  const menu = tabMenu(pathname, cardSelected);
  if (!menu) return null;
  return (
    <ScrollArea type="hover" scrollbarSize={6} offsetScrollbars="x" mb="md">
      <nav aria-label={menu.label}>
        <ul style={{ display: 'flex', gap: 'var(--mantine-spacing-xs)', listStyle: 'none', margin: 0, padding: 0 }}>
          {menu.items.map((item) => (
            <li key={item.link}>
              {item.disabled ? (
                <Button variant="subtle" color="gray" size="sm" disabled>
                  {item.title}
                </Button>
              ) : (
                <Button
                  component={Link}
                  to={item.link}
                  variant={item.active ? 'filled' : 'subtle'}
                  size="sm"
                  aria-current={item.active ? 'page' : undefined}
                >
                  {item.title}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </ScrollArea>
  );
}
