// The client state of spec section 3. Its slices live in memory; localStorage (key `fidis`, PRODUCT_KEY) keeps
// only what a reload needs and is not personal (decision 041): the device identity, a "signed in" hint, the
// chosen company's public identifiers, the list page number and the opaque id of the opened account. The
// operator's token never reaches JavaScript (the BFF keeps it in an HttpOnly cookie, decision 040); names, CPFs
// and account pages are read again from the provider after a reload.

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { PAGE_SIZE, PRODUCT_KEY } from '../../../contracts/constants.ts';
import type { AppState, AppStore, CurrentCompany, DeviceIdentity, PageItem, PendingFactor } from './app-state.ts';

export type * from './app-state.ts';

function deviceName(): string {
  const platform = typeof navigator === 'undefined' ? '' : navigator.platform;
  return `Navegador web${platform ? ` (${platform})` : ''}`.slice(0, 60);
}

const emptyRelationship = (): AppState['relationship'] => ({
  accounts: null,
  numberPages: [],
  currentPage: 1,
  currentAccount: null,
  currentDataAccount: null,
  currentCard: null,
  currentLimitCard: null,
});

const emptyCompanyCards = (): AppState['companyCards'] => ({ last4digits: '', action: '', consultCard: null });

/** Page count: total sub-accounts divided by the page size, rounded up (spec sections 4 and 9). */
export function pagesOf(totalSubAccounts: number): PageItem[] {
  return Array.from({ length: Math.ceil(totalSubAccounts / PAGE_SIZE) }, (_, i) => ({ page: i + 1 }));
}

export const useAppStore = create<AppStore>()(
  persist(
    (set) => ({
      authenticate: { user: null, signedIn: false },
      company: null,
      relationship: emptyRelationship(),
      companyCards: emptyCompanyCards(),
      device: { id: crypto.randomUUID(), name: deviceName() },
      selectedAccount: null,
      pendingFactor: null,

      signIn: (user) => set({ authenticate: { user, signedIn: true }, pendingFactor: null }),
      signInPending: (who, pendingFactor) =>
        set({ authenticate: { user: { ...who, companies: [] }, signedIn: true }, pendingFactor }),
      restoreUser: (user, pendingFactor = null) =>
        set((s) => (s.authenticate.signedIn ? { authenticate: { user, signedIn: true }, pendingFactor } : {})),
      signOut: () =>
        set({
          authenticate: { user: null, signedIn: false },
          company: null,
          relationship: emptyRelationship(),
          companyCards: emptyCompanyCards(),
          selectedAccount: null,
          pendingFactor: null,
        }),
      setCompany: (company) =>
        set({ company, relationship: emptyRelationship(), companyCards: emptyCompanyCards(), selectedAccount: null }),
      setAccounts: (accounts) =>
        set((s) => ({
          relationship: {
            ...s.relationship,
            accounts,
            numberPages: pagesOf(accounts.totalSubAccounts),
            currentPage: 1,
          },
        })),
      setCurrentPage: (currentPage) => set((s) => ({ relationship: { ...s.relationship, currentPage } })),
      setCurrentAccount: (currentAccount) =>
        set((s) => ({
          relationship: { ...s.relationship, currentAccount },
          selectedAccount: currentAccount?.uuid ?? null,
        })),
      setCurrentCard: (currentCard) => set((s) => ({ relationship: { ...s.relationship, currentCard } })),
    }),
    {
      name: PRODUCT_KEY,
      // Version 2 drops what version 1 kept (the token, the operator, pages of holders): see `migrate`.
      version: 2,
      storage: createJSONStorage(() => localStorage),
      // Signed out, only the device identity stays.
      partialize: (s): PersistedState | Pick<PersistedState, 'device'> =>
        !s.authenticate.signedIn
          ? { device: s.device }
          : {
              device: s.device,
              signedIn: s.authenticate.signedIn,
              company: s.company && {
                name: s.company.name,
                cnpj: s.company.cnpj,
                relationCode: s.company.relationCode,
              },
              currentPage: s.relationship.currentPage,
              selectedAccount: s.selectedAccount,
              ...(s.pendingFactor ? { pendingFactor: s.pendingFactor } : {}),
            },
      // An older entry held a bearer token and holders' names and CPFs: only its device identity is kept.
      migrate: (persisted, version): PersistedState => {
        const old = (persisted ?? {}) as Partial<PersistedState>;
        if (version >= 2) return old as PersistedState;
        return { ...emptyPersisted(), ...(old.device ? { device: old.device } : {}) } as PersistedState;
      },
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<PersistedState>;
        return {
          ...current,
          ...(p.device ? { device: p.device } : {}),
          authenticate: { user: null, signedIn: p.signedIn === true },
          company: p.company ?? null,
          relationship: { ...current.relationship, currentPage: p.currentPage ?? 1 },
          selectedAccount: p.selectedAccount ?? null,
          pendingFactor: p.signedIn === true && isPendingFactor(p.pendingFactor) ? p.pendingFactor : null,
        };
      },
    },
  ),
);

/** What localStorage holds: nothing personal, no token (decision 041). */
interface PersistedState {
  device: DeviceIdentity;
  signedIn: boolean;
  company: CurrentCompany | null;
  currentPage: number;
  selectedAccount: string | null;
  pendingFactor?: PendingFactor;
}

// A function declaration, not a const: the persisted state is merged while the store is created, above this line.
function isPendingFactor(value: unknown): value is PendingFactor {
  return value === 'VERIFICAR' || value === 'CADASTRAR';
}

function emptyPersisted(): Omit<PersistedState, 'device'> {
  return { signedIn: false, company: null, currentPage: 1, selectedAccount: null };
}

/**
 * Spec section 4 reads "authenticated when a bearer token is held": the token is held for the browser by the BFF
 * (decision 040), and the store keeps the hint that it is; a provider 401 clears both.
 */
export const selectIsSignedIn = (s: AppStore) => s.authenticate.signedIn;
