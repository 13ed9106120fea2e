// `npm run permissions`: writes docs/permissions.md from the contract's policies (src/contracts/permissions-page.ts).
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { permissionsPage } from '../src/contracts/permissions-page.ts';

const file = resolve(import.meta.dirname, '..', 'docs', 'permissions.md');
writeFileSync(file, permissionsPage());
console.info('docs/permissions.md written');
