// The persisted client state of spec section 3, under localStorage key `fidis` (PRODUCT_KEY).
// Only what survives a reload lives here; transport secrets stay in memory (see memory-store.ts).

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { AccountsResponse, Company, SubAccount } from '../../../contracts/index.ts';
import { PAGE_SIZE, PRODUCT_KEY } from '../../../contracts/index.ts';

export interface AuthenticatedUser {
  usuario: string;
  companies: Company[];
}

export interface CurrentCompany {
  name: string;
  cnpj: string;
  relationCode: string;
}

export interface DeviceIdentity {
  id: string;
  name: string;
}

export interface PageItem {
  page: number;
}

export interface AppState {
  authenticate: { user: AuthenticatedUser | null; token: string | null };
  company: CurrentCompany | null;
  relationship: {
    accounts: AccountsResponse | null;
    numberPages: PageItem[];
    currentPage: number;
    currentAccount: SubAccount | null;
    currentDataAccount: unknown;
    currentCard: unknown;
    currentLimitCard: unknown;
  };
  companyCards: { last4digits: string; action: string; consultCard: unknown };
  device: DeviceIdentity;
}

export interface AppActions {
  signIn: (user: AuthenticatedUser, token: string) => void;
  /** Clears the session and every slice that belongs to it; the device identity stays. */
  signOut: () => void;
  setCompany: (company: CurrentCompany) => void;
  setAccounts: (accounts: AccountsResponse) => void;
  setCurrentPage: (page: number) => void;
  setCurrentAccount: (account: SubAccount | null) => void;
  setCurrentCard: (card: unknown) => void;
}

export type AppStore = AppState & AppActions;

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
      authenticate: { user: null, token: null },
      company: null,
      relationship: emptyRelationship(),
      companyCards: emptyCompanyCards(),
      device: { id: crypto.randomUUID(), name: deviceName() },

      signIn: (user, token) => set({ authenticate: { user, token } }),
      signOut: () =>
        set({
          authenticate: { user: null, token: null },
          company: null,
          relationship: emptyRelationship(),
          companyCards: emptyCompanyCards(),
        }),
      setCompany: (company) => set({ company, relationship: emptyRelationship(), companyCards: emptyCompanyCards() }),
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
      setCurrentAccount: (currentAccount) => set((s) => ({ relationship: { ...s.relationship, currentAccount } })),
      setCurrentCard: (currentCard) => set((s) => ({ relationship: { ...s.relationship, currentCard } })),
    }),
    {
      name: PRODUCT_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ authenticate, company, relationship, companyCards, device }) => ({
        authenticate,
        company,
        relationship,
        companyCards,
        device,
      }),
    },
  ),
);

/** A user is authenticated when a bearer token is held (spec section 4). */
export const selectIsSignedIn = (s: AppStore) => Boolean(s.authenticate.token);
