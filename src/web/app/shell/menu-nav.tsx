import { NavLink, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { MenuItem } from './menu.ts';

function Item({ item, onNavigate }: { item: MenuItem; onNavigate?: () => void }) {
  const [opened, setOpened] = useState(item.active);
  const navigate = useNavigate();
  if (item.children) {
    // A parent goes to its own link (its first sub-item) and opens its sub-list in the same click. Mantine stops
    // a parent's link from following, so the navigation is explicit; the drawer stays open to show the sub-list.
    return (
      <NavLink
        component={Link}
        to={item.link}
        label={item.title}
        active={item.active && !item.children.some((c) => c.active)}
        opened={opened || item.active}
        onClick={() => {
          setOpened(true);
          navigate(item.link);
        }}
        childrenOffset="md"
      >
        {item.children.map((child) => (
          <Item key={child.link} item={child} onNavigate={onNavigate} />
        ))}
      </NavLink>
    );
  }
  return (
    <NavLink
      component={Link}
      to={item.link}
      label={item.title}
      active={item.active}
      disabled={item.disabled}
      aria-current={item.active ? 'page' : undefined}
      aria-disabled={item.disabled || undefined}
      onClick={onNavigate}
    />
  );
}

/** A vertical menu; `onNavigate` lets the drawer close after a choice. */
export function MenuNav({ items, label, onNavigate }: { items: MenuItem[]; label: string; onNavigate?: () => void }) {
  return (
    <Stack component="nav" aria-label={label} gap={2}>
      {items.map((item) => (
        <Item key={item.link} item={item} onNavigate={onNavigate} />
      ))}
    </Stack>
  );
}
