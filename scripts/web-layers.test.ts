import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The web app's imports go one way (docs/architecture.md "Web app"): shared code (lib, components, api) →
 * features → src/app, features apart from each other, and never in a loop. ESLint refuses the rest; these
 * lint a changed text of real web files with the repository's own config, so a config edit that quietly
 * drops a rule fails here.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function problemsOf(path: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: `${root}${path}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

// The first lint loads the config and resolves the web app's import graph (seconds on a busy machine).
describe('the web app’s layers', { timeout: 60_000 }, () => {
  it('refuse a feature importing src/app', async () => {
    const text = "import { TABS } from '../../../app/router.tsx';\nexport const probe = TABS;\n";
    expect(await problemsOf('apps/web/src/features/me/components/layer-probe.ts', text)).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('refuse shared code importing a feature', async () => {
    const text =
      "import { monthLabel } from '../features/records/components/record-months.ts';\nexport const probe = monthLabel;\n";
    expect(await problemsOf('apps/web/src/lib/layer-probe.ts', text)).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('refuse a feature importing another one, however the path is written', async () => {
    const text =
      "import { ExchangeDialog } from '../../me/components/exchange-dialog.tsx';\nexport const probe = ExchangeDialog;\n";
    expect(await problemsOf('apps/web/src/features/diamonds/routes/layer-probe.tsx', text)).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('refuse a loop: the translations importing the request wrapper, which imports them', async () => {
    const text = "import { request } from './request.ts';\nexport const probe = request;\n";
    expect(await problemsOf('apps/web/src/lib/i18n.ts', text)).toContain('import-x/no-cycle');
  });

  it('let src/app compose features and a feature use shared code and its own files', async () => {
    const app =
      "import { MePage } from '../../features/me/routes/me-page.tsx';\nexport const probe = MePage;\n";
    expect(await problemsOf('apps/web/src/app/routes/layer-probe.tsx', app)).toEqual([]);
    const feature =
      "import { request } from '../../../lib/request.ts';\nimport { logout } from '../api/logout.ts';\nexport const probe = [request, logout];\n";
    expect(await problemsOf('apps/web/src/features/me/components/layer-probe.ts', feature)).toEqual([]);
  });
});
