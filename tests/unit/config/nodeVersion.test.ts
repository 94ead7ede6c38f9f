import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem } from '@/config/nodeVersion.ts';

const PACKAGE = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
const ENGINES = PACKAGE.engines.node as string;

describe('the Node check every command runs first', () => {
  it('accepts the Node the project installs, and the tests run on it', () => {
    const pinned = PACKAGE.devDependencies.node as string;
    expect(nodeVersionProblem(`v${pinned}`, ENGINES)).toBeNull();
    expect(process.version).toBe(`v${pinned}`);
  });

  it('.nvmrc and Netlify name the same Node as the package', () => {
    const pinned = PACKAGE.devDependencies.node as string;
    const read = (file: string) =>
      readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8');
    expect(read('.nvmrc').trim()).toBe(pinned);
    expect(read('netlify.toml')).toContain(`NODE_VERSION = "${pinned}"`);
  });

  it("refuses the machine's Node 20 and other majors in one line that says to go through npm", () => {
    for (const version of ['v20.20.2', 'v22.21.1', 'v24.21.0', 'v26.9.0', 'v27.0.0']) {
      const problem = nodeVersionProblem(version, ENGINES);
      expect(problem, version).toContain(`this is Node ${version.slice(1)}`);
      expect(problem).toContain(`needs Node ${ENGINES}`);
      expect(problem).toContain('npm run');
      expect(problem).not.toContain('\n');
    }
  });

  it('reads the range it is given', () => {
    expect(nodeVersionProblem('v20.20.2', '>=99')).toMatch(/^Ledgerwise needs Node >=99 /);
    expect(nodeVersionProblem('20.20.2', '^20.19.5')).toBeNull();
  });
});
