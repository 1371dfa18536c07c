import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layering rules of .dependency-cruiser.cjs (run by `npm run lint`) catch what they are for:
 * a tiny tree with the project's folder names, one forbidden import at a time.
 */
const rules = (createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as { forbidden: IForbiddenRuleType[] }).forbidden;

let dir: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
};

async function violations(files: Record<string, string>): Promise<string[]> {
  fs.rmSync(path.join(dir, 'lib'), { recursive: true, force: true });
  for (const [file, text] of Object.entries(files)) write(file, text);
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    const result = await cruise(['lib'], { ruleSet: { forbidden: rules }, validate: true });
    const output = result.output as { summary: { violations: { rule: { name: string } }[] } };
    return output.summary.violations.map((v) => v.rule.name).sort();
  } finally {
    process.chdir(cwd);
  }
}

describe('layering rules', () => {
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-layers-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('accept imports that go down the layers', async () => {
    expect(
      await violations({
        'lib/chat/engine.ts': "import { answer } from '../rag/answer';\nimport { tools } from '../actions/tools';\nexport const engine = [answer, tools];\n",
        'lib/rag/answer.ts': "import { model } from '../ai/model';\nimport type { Citation } from '../domain/chat';\nexport const answer = (c?: Citation) => [model, c];\n",
        'lib/actions/tools.ts': "import { model } from '../ai/model';\nexport const tools = model;\n",
        'lib/ai/model.ts': 'export const model = 1;\n',
        'lib/domain/chat.ts': 'export type Citation = { n: number };\n',
      }),
    ).toEqual([]);
  });

  it.each([
    ['lib/rag imports the turn engine', { 'lib/rag/answer.ts': "import { engine } from '../chat/engine';\nexport const answer = engine;\n", 'lib/chat/engine.ts': 'export const engine = 1;\n' }, 'rag-below-chat-and-actions'],
    ['lib/rag imports an account tool', { 'lib/rag/answer.ts': "import { tools } from '../actions/tools';\nexport const answer = tools;\n", 'lib/actions/tools.ts': 'export const tools = 1;\n' }, 'rag-below-chat-and-actions'],
    ['lib/ai imports a feature', { 'lib/ai/model.ts': "import { search } from '../rag/search';\nexport const model = search;\n", 'lib/rag/search.ts': 'export const search = 1;\n' }, 'ai-holds-model-adapters-only'],
    ['lib/actions imports the chat', { 'lib/actions/tools.ts': "import { engine } from '../chat/engine';\nexport const tools = engine;\n", 'lib/chat/engine.ts': 'export const engine = 1;\n' }, 'actions-below-chat'],
    ['lib/domain imports a feature', { 'lib/domain/chat.ts': "import { tools } from '../actions/tools';\nexport const chat = tools;\n", 'lib/actions/tools.ts': 'export const tools = 1;\n' }, 'domain-is-the-ground-floor'],
  ])('reject %s', async (_, files, rule) => {
    expect(await violations(files)).toEqual([rule]);
  });

  it('reject an import circle', async () => {
    expect(
      await violations({
        'lib/rag/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
        'lib/rag/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
      }),
    ).toEqual(['no-circular']);
  });
});
