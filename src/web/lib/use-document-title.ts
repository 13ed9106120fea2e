import { useEffect } from 'react';

/** The product's name after every screen's title, as a browser tab and the history list show it. */
export const documentTitle = (title: string) => `${title} · fidis`;

/**
 * Each screen names its own browser tab (issue 27): "Detalhes do cartão · fidis". Never a holder's name or CPF,
 * which the browser's history would keep (LGPD art. 46).
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
