import { describe, expect, it } from 'vitest';
import { PRODUCT_KEY } from '../../../contracts/constants.ts';
import { pagesOf, useAppStore } from './app-store.ts';
import { waitForHydration } from './hydration.ts';
import { memoryStore } from './memory-store.ts';
import { opensHome } from './opens-home.ts';

describe('client state', () => {
  it('persists nothing personal and no token: device, signed-in hint, company identifiers, page, account id', () => {
    useAppStore.getState().signIn({ usuario: 'Maria Operadora', login: 'maria.operadora', companies: [] });
    useAppStore.getState().setCompany({ name: 'Alfa', cnpj: '11222333000181', relationCode: 'REL-1' });
    useAppStore.getState().setAccounts({
      subAccounts: [
        {
          account: '1001',
          uuid: '3f2b8c1e-9a4d-4c7b-8e2f-1a2b3c4d5e6f',
          cardHolder: 'Bruno Alves',
          documentNumber: '52998224725',
          last4Digits: '1234',
          last4Digits2Way: null,
          cardStatus: 'active',
          cardBlockingCode: null,
          accountBlockingCodeTwo: null,
          accountWarningCode: null,
          logo: 1,
        },
      ],
      totalSubAccounts: 1,
      meta: { totalRecords: 1 },
    });
    const row = useAppStore.getState().relationship.accounts?.subAccounts[0] ?? null;
    useAppStore.getState().setCurrentAccount(row);
    const raw = localStorage.getItem('fidis') ?? '';
    for (const personal of ['Maria Operadora', 'Bruno Alves', '52998224725', '1001', 'token']) {
      expect(raw).not.toContain(personal);
    }
    const stored = JSON.parse(raw);
    expect(stored.state).toEqual({
      device: useAppStore.getState().device,
      signedIn: true,
      company: { name: 'Alfa', cnpj: '11222333000181', relationCode: 'REL-1' },
      currentPage: 1,
      selectedAccount: '3f2b8c1e-9a4d-4c7b-8e2f-1a2b3c4d5e6f',
    });
  });

  it('never writes the transport secrets to storage', () => {
    memoryStore.setState({
      authorization: 'device-token',
      crypto: { public: 'KEY', cipherAES: 'CIPHER-SECRET', tokenAES: 'TOKEN-SECRET' },
    });
    useAppStore.getState().signIn({ usuario: 'Maria', login: 'maria.operadora', companies: [] });
    const everything = Object.keys(localStorage)
      .map((k) => localStorage.getItem(k))
      .join('');
    for (const secret of ['device-token', 'CIPHER-SECRET', 'TOKEN-SECRET']) expect(everything).not.toContain(secret);
  });

  it('sign-out clears the session and leaves only the device identity in storage', () => {
    const device = useAppStore.getState().device;
    useAppStore.getState().signIn({ usuario: 'Maria', login: 'maria.operadora', companies: [] });
    useAppStore.getState().signOut();
    expect(useAppStore.getState().authenticate).toEqual({ user: null, signedIn: false });
    expect(useAppStore.getState().device).toEqual(device);
    expect(JSON.parse(localStorage.getItem('fidis') ?? '{}').state).toEqual({ device });
  });

  it('a version-1 entry (token, operator, pages of holders) is reduced to its device identity', async () => {
    const device = { id: '0b7e3c52-8a1d-4f3e-9c6b-2d4e5f6a7b8c', name: 'Navegador web' };
    localStorage.setItem(
      'fidis',
      JSON.stringify({
        version: 1,
        state: {
          authenticate: { user: { usuario: 'Maria', login: 'maria.operadora', companies: [] }, token: 'old-token' },
          relationship: { accounts: { subAccounts: [{ cardHolder: 'Bruno Alves' }] } },
          device,
        },
      }),
    );
    await useAppStore.persist.rehydrate();
    expect(useAppStore.getState().device).toEqual(device);
    expect(useAppStore.getState().authenticate).toEqual({ user: null, signedIn: false });
    expect(localStorage.getItem('fidis')).not.toContain('old-token');
    expect(localStorage.getItem('fidis')).not.toContain('Bruno');
  });

  it('counts pages of 50, rounded up', () => {
    expect(pagesOf(0)).toEqual([]);
    expect(pagesOf(50)).toEqual([{ page: 1 }]);
    expect(pagesOf(51)).toEqual([{ page: 1 }, { page: 2 }]);
  });

  it('restores from localStorage without waiting for the time-out', async () => {
    await expect(waitForHydration(5000)).resolves.toBe('restored');
  });
});

describe('a session waiting for its second factor (decision 091)', () => {
  it('a reload restores the step from storage, so the guards keep the shell closed', async () => {
    useAppStore.getState().signInPending({ usuario: 'Maria Operadora', login: 'maria.operadora' }, 'CADASTRAR');
    const raw = localStorage.getItem('fidis') ?? '';
    expect(raw).not.toContain('Maria');
    useAppStore.setState({ pendingFactor: null, authenticate: { user: null, signedIn: false } });
    localStorage.setItem('fidis', raw);
    await useAppStore.persist.rehydrate();
    expect(useAppStore.getState().pendingFactor).toBe('CADASTRAR');
    expect(useAppStore.getState().authenticate.signedIn).toBe(true);
    useAppStore.getState().signOut();
    expect(useAppStore.getState().pendingFactor).toBeNull();
  });
});

describe('the /home preload’s rule (opensHome, inlined into the build’s preload script)', () => {
  // Evaluated from its own source, as the build inlines it: it uses nothing from outside itself.
  const inlined = new Function(`return (${opensHome.toString()})`)() as typeof opensHome;
  const stored = () => localStorage.getItem(PRODUCT_KEY);

  it('is true for what the store writes once signed in with a company, under /home only', () => {
    useAppStore.getState().signIn({ usuario: 'Maria', login: 'maria.operadora', companies: [] });
    expect(inlined(stored(), '/home')).toBe(false); // no company yet: the guards send to the company choice
    useAppStore.getState().setCompany({ name: 'Alfa', cnpj: '11222333000181', relationCode: 'REL-1' });
    for (const path of ['/home', '/home/', '/home/details/3f2b8c1e/bloqueio', '/home/usuarios']) {
      expect(inlined(stored(), path), path).toBe(true);
    }
    for (const path of ['/', '/homes', '/choose/company']) expect(inlined(stored(), path), path).toBe(false);
  });

  it('is false signed out, with the second factor waiting, and on an entry it cannot read', () => {
    useAppStore.getState().signInPending({ usuario: 'Maria', login: 'maria.operadora' }, 'VERIFICAR');
    useAppStore.getState().setCompany({ name: 'Alfa', cnpj: '11222333000181', relationCode: 'REL-1' });
    expect(inlined(stored(), '/home')).toBe(false);
    useAppStore.getState().signOut();
    expect(inlined(stored(), '/home')).toBe(false);
    expect(inlined('{not json', '/home')).toBe(false);
    expect(inlined(null, '/home')).toBe(false);
  });
});
