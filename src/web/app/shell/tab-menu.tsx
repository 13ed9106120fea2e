import { Button } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useAppStore } from '../../lib/store/index.ts';
import { tabMenu } from './menu.ts';
import classes from './tab-menu.module.css';

/**
 * The horizontal menu of the current area, the current tab highlighted. The tabs wrap onto a second line rather
 * than scroll: a tab hidden past the edge of a scroll area (as 'Transações' and 'Cancelar conta cartão' were at
 * 1280 px) is a tab the operator does not know is there.
 */
export function TabMenu() {
  const { pathname } = useLocation();
  const cardSelected = useAppStore((s) => Boolean(s.relationship.currentCard));
  const cardId = useAppStore((s) => s.relationship.currentAccount?.uuid ?? null);
  const menu = tabMenu(pathname, cardSelected, cardId);
  if (!menu) return null;
  return (
    <nav aria-label={menu.label} className={classes.nav}>
      <ul className={classes.list}>
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
  );
}
