import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers (docs/architecture.md "Server") hold because ESLint refuses an import that goes up a
 * layer or closes a loop. These lint a changed text of real server files with the repository's own config,
 * so a config edit that quietly drops either rule fails here.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function problemsOf(path: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: `${root}${path}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

// The first lint loads the config and resolves the import graph of the server (seconds, more on a busy
// machine): the project's 5 s default would fail a correct config on a loaded CI, so the guard against a
// hang is a minute.
describe('the server layers', { timeout: 60_000 }, () => {
  it('refuse an upward import: the platform (wallet) may not import messages', async () => {
    const text =
      "import { recordWin } from '../../messages/message/winner-notice.ts';\nexport const probe = recordWin;\n";
    expect(await problemsOf('apps/server/src/modules/platform/wallet/layer-probe.ts', text)).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('refuse a loop inside a layer: the wallet importing the member module, which imports the wallet', async () => {
    const text =
      "import { authenticate } from '../member/member.service.ts';\nexport const probe = authenticate;\n";
    expect(await problemsOf('apps/server/src/modules/platform/wallet/wallet.service.ts', text)).toContain(
      'import-x/no-cycle',
    );
  });

  it('place a new module in its layer by its folder: a new platform module may not import a programme', async () => {
    const text =
      "import { claimOnce } from '../../promotions/kit/programmes.ts';\nexport const probe = claimOnce;\n";
    expect(await problemsOf('apps/server/src/modules/platform/new-module/probe.ts', text)).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('let a module import from a lower layer', async () => {
    const text =
      "import { getBalances } from '../../platform/wallet/wallet.service.ts';\nexport const probe = getBalances;\n";
    expect(await problemsOf('apps/server/src/modules/messages/message/layer-probe.ts', text)).toEqual([]);
  });
});
