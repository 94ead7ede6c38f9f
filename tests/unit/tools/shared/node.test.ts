import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem } from '../../../../tools/shared/node.mjs';

const ENGINES = JSON.parse(
  readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8'),
).engines.node as string;

describe('the Node check every command runs first', () => {
  it("accepts the Node versions the tools support, with package.json's own range", () => {
    for (const version of ['v20.19.5', 'v20.20.2', 'v22.16.0', 'v22.21.1', 'v24.0.0', 'v25.2.1']) {
      expect(nodeVersionProblem(version, ENGINES), version).toBeNull();
    }
  });

  it('refuses older and unsupported ones in one line that says what to install', () => {
    // 20.19.4: sitemap (every build) needs 20.19.5; 22.12: html-validate needs 22.16;
    // 21 and 23 are odd releases html-validate does not support; 18 is past its end of life.
    for (const version of ['v18.20.8', 'v20.12.0', 'v20.19.4', 'v21.7.3', 'v22.12.0', 'v23.11.0']) {
      const problem = nodeVersionProblem(version, ENGINES);
      expect(problem, version).toContain(`this is Node ${version.slice(1)}`);
      expect(problem).toContain(`needs Node ${ENGINES}`);
      expect(problem).toContain('Node 22');
      expect(problem).not.toContain('\n');
    }
  });

  it('reads the range it is given', () => {
    expect(nodeVersionProblem('v20.20.2', '>=99')).toMatch(/^Ledgerwise needs Node >=99 /);
    expect(nodeVersionProblem('20.20.2', '^20.19.5')).toBeNull();
  });
});
