// Spec-rule coverage: the rule list scanned from the model sources and the hit counting. The check
// that the default campaign makes every rule the model cites fire at least once is recorded by that
// campaign itself (refinement.test.ts, profile `spec`), so the 5000 programs are not run twice. A
// rule nobody reaches is a rule nobody tests.

import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { RuleCoverage, compareRules, modelledRules, parseCitation } from './coverage.js';

describe('the rule list comes from the model sources', () => {
  test('citation literals are found, comments and interpolated strings are not', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapcheck-coverage-'));
    try {
      mkdirSync(join(dir, 'actions'));
      writeFileSync(
        join(dir, 'actions', 'attach.ts'),
        [
          "// OpenACC 3.3 §2.7.2 Attach Action (a comment: 'OpenACC 3.3 §9.9 In A Comment')",
          "export const ATTACH = 'OpenACC 3.3 §2.7.2 Attach Action';",
          '/* "OpenMP 6.0 §1.1 Block Comment" */',
          'const table = { x: { citation: "OpenMP 6.0 §7.9.6 map clause" } };',
          'const dynamic = `OpenMP 6.0 §15.${n} Not A Literal`;',
        ].join('\n'),
      );
      writeFileSync(join(dir, 'model.test.ts'), "expect('OpenACC 3.3 §2.7.3 Only In A Test');");
      expect(modelledRules(dir).map((r) => r.citation)).toEqual(['OpenACC 3.3 §2.7.2 Attach Action', 'OpenMP 6.0 §7.9.6 map clause']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the real model cites the OpenACC data actions, in section order', () => {
    const rules = modelledRules();
    expect(rules.map((r) => r.citation)).toContain('OpenACC 3.3 §2.7.2 Attach Action');
    expect([...rules].sort(compareRules)).toEqual(rules);
    expect(new Set(rules.map((r) => r.citation)).size).toBe(rules.length);
    expect(parseCitation('OpenACC 3.3 §2.7.10 no_create clause')).toMatchObject({ version: 'OpenACC 3.3', section: '§2.7.10', title: 'no_create clause' });
    expect(compareRules(parseCitation('OpenACC 3.3 §2.7.2 X'), parseCitation('OpenACC 3.3 §2.7.10 X'))).toBeLessThan(0);
  });
});

test('RuleCoverage counts hits, flags unreached and unlisted rules', () => {
  const coverage = new RuleCoverage([parseCitation('OpenACC 3.3 §2.7.2 Attach Action'), parseCitation('OpenACC 3.3 §2.7.2 Detach Action')]);
  coverage.record(['OpenACC 3.3 §2.7.2 Attach Action']);
  coverage.record(['OpenACC 3.3 §2.7.2 Attach Action', 'OpenACC 3.3 §2.5.1 Parallel Construct']);
  expect(coverage.rows().map((r) => [r.rule.citation, r.hits, r.listed])).toEqual([
    ['OpenACC 3.3 §2.7.2 Attach Action', 2, true],
    ['OpenACC 3.3 §2.7.2 Detach Action', 0, true],
    ['OpenACC 3.3 §2.5.1 Parallel Construct', 1, false],
  ]);
  expect(coverage.unreached().map((r) => r.title)).toEqual(['Detach Action']);
  expect(coverage.tableRows()[2]).toEqual(['Detach Action', 'OpenACC 3.3 §2.7.2', '0', '<- never reached']);
  expect(coverage.summary()).toBe('1 of 2 modelled rules reached; never reached: OpenACC 3.3 §2.7.2 Detach Action');
});
