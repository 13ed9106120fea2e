// `npm run openapi`: writes docs/openapi.json from the contract (src/contracts/openapi.ts). The file is passed
// through Biome, which `npm run lint` holds every JSON file to, so regenerating never leaves a formatting diff.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { openApiDocument, openApiText } from '../src/contracts/openapi.ts';

const file = resolve(import.meta.dirname, '..', 'docs', 'openapi.json');
const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');

const document = openApiDocument();
writeFileSync(file, openApiText(document));
execFileSync(process.execPath, [biome, 'format', '--write', file], { stdio: ['ignore', 'ignore', 'inherit'] });

const operations = Object.values(document.paths as Record<string, object>).flatMap((item) =>
  Object.keys(item).filter((key) => key !== 'servers'),
);
console.info(`docs/openapi.json: ${operations.length} operations`);
