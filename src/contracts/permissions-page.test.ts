// docs/permissions.md is the page the contract's policies print today, and it says what the provider enforces.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { permissionsPage } from './permissions-page.ts';

it('docs/permissions.md is current (run `npm run permissions` after changing a policy)', () => {
  const file = readFileSync(resolve(import.meta.dirname, '..', '..', 'docs', 'permissions.md'), 'utf8');
  expect(file).toBe(permissionsPage());
});

it('names each endpoint once, with the profiles its permission allows', () => {
  const page = permissionsPage();
  expect(page).toContain('| deleteUser | DELETE /v0/portal/usuario/{numeroDocumento} | portal user');
  expect(page).toMatch(/\| auditTrail \| [^|]+\| company \(cnpj and relationcode headers\) \| Administrador \|/);
  expect(page).toMatch(/\| blockCard \|[^\n]+\| when stale, for a block by loss \(P\) or theft \(R\) \|/);
  expect(page).toMatch(
    /\| holder \|[^\n]+\| Administrador, Gestor de cartões, Consulta \|[^\n]+CPF, ADDRESS \(masked for Consulta\)/,
  );
});
