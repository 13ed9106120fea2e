// The provider's test databases: the demo (150 holders with history, its operators) migrated and seeded once per
// test run and copied for each file (src/platform/test-templates.ts), or only the migrations.
import { fileURLToPath } from 'node:url';
import type { FreshDatabase } from '../../platform/test-database.ts';
import { databaseFromTemplate, type TemplateRecipe } from '../../platform/test-templates.ts';
import { migrate } from '../db/migrate.ts';
import { seedDemo } from '../db/seed/seed.ts';

export const DEMO = { login: 'demo', password: 'SenhaDemo2024' } as const;
export const TEST_ACCOUNTS = 150;

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));
/** What the migrations and the seed read: their folders, and the modules outside them that shape their rows. */
const SOURCES = [
  source('../db'),
  source('../demo-operators.ts'),
  source('../services/passwords.ts'),
  source('../services/temporary-password.ts'),
  source('../services/temporary-password-expiry.ts'),
  source('../../platform/database.ts'),
];

const MIGRATED: TemplateRecipe = { label: 'provider migrations', sources: SOURCES, build: migrate };

export interface DatabaseChoice {
  /** 'pglite' whatever the run's engine (the parity suite); the run's engine otherwise (DATABASE_URL). */
  engine?: 'pglite';
  /** The moment the seeded history is drawn back from (seedDemo's `reference`); the template's build time if not. */
  reference?: Date;
}

const recipes = new Map<string, TemplateRecipe>();
function seededRecipe(reference: Date | undefined): TemplateRecipe {
  const label = `provider demo: ${TEST_ACCOUNTS} holders, operator ${DEMO.login} / ${DEMO.password}, at ${reference?.toISOString() ?? 'build time'}`;
  let recipe = recipes.get(label);
  if (!recipe) {
    recipe = {
      label,
      sources: SOURCES,
      async build(handle) {
        await migrate(handle);
        await seedDemo(handle, {
          accounts: TEST_ACCOUNTS,
          demoLogin: DEMO.login,
          demoPassword: DEMO.password,
          ...(reference ? { reference } : {}),
        });
      },
    };
    recipes.set(label, recipe);
  }
  return recipe;
}

const where = (choice: DatabaseChoice) => (choice.engine === 'pglite' ? { serverUrl: '' } : {});

/** A database of its own holding the test demo, as `createHarness` starts from. */
export const seededDatabase = (choice: DatabaseChoice = {}): Promise<FreshDatabase> =>
  databaseFromTemplate(seededRecipe(choice.reference), where(choice));

/** A database of its own with every migration applied and no rows. */
export const migratedDatabase = (choice: Pick<DatabaseChoice, 'engine'> = {}): Promise<FreshDatabase> =>
  databaseFromTemplate(MIGRATED, where(choice));
