// The shapes of the client state of spec section 3 and the actions that change it; app-store.ts holds the store.

import type { AccountsResponse, Company, SubAccount } from '../../../contracts/index.ts';
import type { Profile } from '../../../contracts/profiles.ts';

/** A signed-in session still waiting for its second factor (decision 091): the code, or the enrolment first. */
export type PendingFactor = 'VERIFICAR' | 'CADASTRAR';

export interface AuthenticatedUser {
  usuario: string;
  /** The operator's login (not shown): tells their own row in the users list. */
  login: string;
  /** Each company with the operator's profile in it (issue 16), as the login and session answers carry it. */
  companies: (Company & { perfil?: Profile })[];
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
  /** `signedIn` is a hint for the guards; the provider session itself is the BFF's cookie. */
  authenticate: { user: AuthenticatedUser | null; signedIn: boolean };
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
  /** The account opened on /home (its provider uuid only), so /home/details survives a reload. */
  selectedAccount: string | null;
  /**
   * Set while the session waits for its second factor: the provider refuses everything else, so the guards keep
   * the shell closed. Persisted (it is not personal) so a reload comes back to the factor step, not to the shell.
   */
  pendingFactor: PendingFactor | null;
}

export interface AppActions {
  signIn: (user: AuthenticatedUser) => void;
  /** A right password whose session waits for the second factor: signed in, no companies, the shell closed. */
  signInPending: (who: Pick<AuthenticatedUser, 'usuario' | 'login'>, step: PendingFactor) => void;
  /** The operator as read again after a reload, with the factor still due if any; ignored once signed out. */
  restoreUser: (user: AuthenticatedUser, pendingFactor?: PendingFactor | null) => void;
  /** Clears the session and every slice that belongs to it; the device identity stays. */
  signOut: () => void;
  setCompany: (company: CurrentCompany) => void;
  setAccounts: (accounts: AccountsResponse) => void;
  setCurrentPage: (page: number) => void;
  setCurrentAccount: (account: SubAccount | null) => void;
  setCurrentCard: (card: unknown) => void;
}

export type AppStore = AppState & AppActions;
