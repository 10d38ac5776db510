import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The boundary rule of eslint/boundaries.js, run through the project's own ESLint configuration on
 * planted files: each violation must be reported, each allowed import must pass.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'marquee/boundaries').map((m) => m.message);
}

describe('the boundary rule', () => {
  it('refuses platform code that imports a feature', async () => {
    const found = await problems(
      'apps/server/src/platform/planted.ts',
      "import { pointChangesJob } from '../features/listings/listings.service.js';\nexport const job = pointChangesJob;\n",
    );
    expect(found).toEqual([expect.stringContaining('platform/ never imports a feature')]);
  });

  it("refuses a feature that reaches into another feature's files", async () => {
    const found = await problems(
      'apps/server/src/features/news/planted.ts',
      "import { findMember } from '../members/members.repo.js';\nexport const f = findMember;\n",
    );
    expect(found).toEqual([expect.stringContaining("import 'members' through features/members/index")]);
  });

  it('lets a feature use another through its index and its tables', async () => {
    const found = await problems(
      'apps/server/src/features/news/planted.ts',
      "import { findMember } from '../members/index.js';\nimport { users } from '../members/members.tables.js';\nexport const f = [findMember, users];\n",
    );
    expect(found).toEqual([]);
  });

  it('refuses drizzle-orm outside repo and table files', async () => {
    const code = "import { sql } from 'drizzle-orm';\nexport const q = sql`select 1`;\n";
    expect(await problems('apps/server/src/features/news/news.service.ts', code)).toEqual([
      expect.stringContaining('drizzle-orm belongs in repo and table files'),
    ]);
    expect(await problems('apps/server/src/features/news/news.repo.ts', code)).toEqual([]);
  });

  it('refuses production code that imports the simulated internet', async () => {
    const code = "import { simPage } from '../../simulated/html.js';\nexport const p = simPage;\n";
    expect(await problems('apps/server/src/features/news/news.present.ts', code)).toEqual([
      expect.stringContaining('never imports the simulated internet'),
    ]);
  });

  it('holds in the web app: features through their index, ui imports no feature', async () => {
    expect(
      await problems(
        'apps/web/src/features/home/Planted.tsx',
        "import { EarnList } from '../earn/EarnList';\nexport const E = EarnList;\n",
      ),
    ).toEqual([expect.stringContaining("import 'earn' through features/earn/index")]);
    expect(
      await problems(
        'apps/web/src/ui/Planted.tsx',
        "import { EarnList } from '../features/earn';\nexport const E = EarnList;\n",
      ),
    ).toEqual([expect.stringContaining('ui/ holds shared pieces only')]);
  });

  it('lets tests reach anywhere', async () => {
    const found = await problems(
      'apps/server/src/features/news/news.test.ts',
      "import { findMember } from '../members/members.repo.js';\nimport { sql } from 'drizzle-orm';\nexport const f = [findMember, sql];\n",
    );
    expect(found).toEqual([]);
  });
});
