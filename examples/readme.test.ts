// The README's language tour (issue 9 acceptance: "the README's language section shows a program
// using an array of structs, declare, update and acc_map_data, and its output") must not go stale:
// the program shown is examples/language-tour.json byte for byte, the command shown is run here,
// and its output must be the block the README shows.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli } from '../cli/test-support.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const HEADING = '### A tour: `declare`, `update`, an array of structs and `acc_map_data`';

/** The fenced blocks (language tag, body) of the README section under `heading`, in order. */
function sectionBlocks(heading: string): { tag: string; body: string }[] {
  const start = README.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`README.md has no section '${heading}'`);
  const next = README.indexOf('\n### ', start + heading.length + 2);
  const section = README.slice(start, next < 0 ? undefined : next);
  return [...section.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ tag: m[1]!, body: m[2]! }));
}

describe('README.md language tour', () => {
  const blocks = sectionBlocks(HEADING);

  it('shows examples/language-tour.json whole, and the program uses an array of structs, declare, update and acc_map_data', () => {
    const json = blocks.find((b) => b.tag === 'json');
    expect(json, 'the section shows the program as a json block').toBeDefined();
    const file = readFileSync(join(ROOT, 'examples', 'language-tour.json'), 'utf8');
    expect(json!.body).toBe(file);
    const program = JSON.parse(file) as { world: { structs: { count?: number }[] }; steps: { op: string }[] };
    expect(program.world.structs.some((s) => (s.count ?? 1) > 1)).toBe(true);
    const ops = new Set(program.steps.map((s) => s.op));
    for (const op of ['acc_declare', 'acc_update', 'acc_map_data']) expect(ops).toContain(op);
  });

  it('shows the output of the command it shows, as that command prints it now', async () => {
    const shown = blocks.find((b) => b.body.startsWith('$ npx mapcheck run '));
    expect(shown, 'the section shows a `$ npx mapcheck run` block').toBeDefined();
    const [command, ...output] = shown!.body.split('\n');
    const argv = command!.slice('$ npx mapcheck '.length).trim().split(/\s+/);
    const file = argv[1]!;
    const run = await cli(...argv.map((a) => (a === file ? join(ROOT, file) : a)));
    expect(run.code, run.err).toBe(0);
    const printed = run.out.split(join(ROOT, file)).join(file);
    expect(output.join('\n')).toBe(printed);
  });
});
