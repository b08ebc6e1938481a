// `--junit FILE` for campaigns: the outcome as a JUnit XML report, which CI systems show as tests.
// fuzz: one test for the saved-case replay, one for the campaign (failed by a divergence); diff:
// one test per class the comparison counts (each a failure: the profiles differ there) and one per
// knob that differs (passed when a class or a saved case covers it, skipped when not reached).

import { accessSync, constants } from 'node:fs';
import { dirname } from 'node:path';
import { formatObservation } from '../lang/observation.js';
import { InputError } from '../lang/validate.js';
import { writeFileAtomic } from '../counterexamples/case.js';
import { renderStep } from './render.js';
import type { FuzzDocument } from './fuzz.js';
import type { DiffDocument } from './diff.js';

const xml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // XML 1.0 has no place for most control characters.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

interface TestCase {
  name: string;
  seconds?: number;
  failure?: { message: string; text: string };
  skipped?: string;
  output?: string;
}

function suite(name: string, seconds: number, properties: Record<string, string>, cases: TestCase[]): string {
  const failures = cases.filter((c) => c.failure).length;
  const skipped = cases.filter((c) => c.skipped !== undefined).length;
  const attrs = `tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds.toFixed(3)}"`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(name)}" ${attrs}>`,
    `  <testsuite name="${xml(name)}" ${attrs} timestamp="${new Date().toISOString().slice(0, 19)}">`,
    '    <properties>',
    ...Object.entries(properties).map(([k, v]) => `      <property name="${xml(k)}" value="${xml(v)}"/>`),
    '    </properties>',
  ];
  for (const c of cases) {
    const open = `    <testcase classname="${xml(name)}" name="${xml(c.name)}" time="${(c.seconds ?? 0).toFixed(3)}"`;
    const body = [
      ...(c.failure ? [`      <failure message="${xml(c.failure.message)}" type="divergence">${xml(c.failure.text)}</failure>`] : []),
      ...(c.skipped !== undefined ? [`      <skipped message="${xml(c.skipped)}"/>`] : []),
      ...(c.output ? [`      <system-out>${xml(c.output)}</system-out>`] : []),
    ];
    lines.push(body.length === 0 ? `${open}/>` : `${open}>`, ...body, ...(body.length === 0 ? [] : ['    </testcase>']));
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}

/** Checks before a campaign that the report can be written (bad input, exit 2, otherwise). */
export function checkJunitPath(file: string): void {
  try {
    accessSync(dirname(file), constants.W_OK);
  } catch (e) {
    throw new InputError(`--junit ${file}: cannot write the report there (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

export function writeJunit(file: string, text: string): void {
  writeFileAtomic(file, text);
}

export function fuzzJunit(d: FuzzDocument): string {
  const pair = `${d.sides.a} vs ${d.sides.b}`;
  const f = d.found;
  const cases: TestCase[] = [
    {
      name: `saved cases of ${pair} replay as recorded (${d.corpus.replayed})`,
      ...(d.corpus.failed > 0 && {
        failure: { message: `${d.corpus.failed} saved case(s) no longer replay as recorded`, text: 'see the fuzz output for the cases and their problems' },
      }),
    },
    {
      name: `${pair} agree on ${d.runs} generated ${d.api} programs (${d.compare}, seed ${d.seed})`,
      seconds: d.elapsedMs / 1000,
      ...(f && {
        failure: {
          message: `${f.kind} differs at step ${f.step}: ${formatObservation(f.observations.a[f.step - 1]!)} vs ${formatObservation(f.observations.b[f.step - 1]!)}`,
          text: [
            ...f.program.steps.map((s, i) => `${i + 1 === f.step ? '>>' : '  '} ${i + 1} ${renderStep(s)}: ${formatObservation(f.observations.a[i]!)} | ${formatObservation(f.observations.b[i]!)}`),
            f.saved ? `saved: ${f.saved}` : 'not saved',
            `reproduce: ${d.reproduce}`,
          ].join('\n'),
        },
      }),
      output: `reproduce: ${d.reproduce}`,
    },
  ];
  return suite(`mapcheck fuzz ${pair}`, d.elapsedMs / 1000, { seed: String(d.seed), runs: String(d.runs), compare: d.compare, api: d.api }, cases);
}

export function diffJunit(d: DiffDocument): string {
  const pair = `${d.profiles.a} vs ${d.profiles.b}`;
  const cases: TestCase[] = d.classes.map((c) => ({
    name: `${c.id} ${c.key}`,
    failure: {
      message: `the profiles differ at step ${c.divergence.step} (explained by ${c.knobs.join('+') || 'no single knob'})`,
      text: [...c.program.steps.map((s, i) => `${i + 1 === c.divergence.step ? '>>' : '  '} ${i + 1} ${renderStep(s)}`), c.saved ? `saved: ${c.saved}` : 'not saved'].join('\n'),
    },
  }));
  for (const k of d.coverage) {
    const name = `knob ${k.knob} ${k.title}: ${k.a} → ${k.b}`;
    if (k.status === 'not-reached' && k.corpus.length === 0) cases.push({ name, skipped: k.reason });
    else cases.push({ name, output: k.status === 'not-reached' ? `covered by saved cases: ${k.corpus.join(', ')}` : k.reason });
  }
  return suite(`mapcheck diff ${pair}`, d.elapsedMs / 1000, { seed: String(d.seed), runs: String(d.runs), compare: d.compare, api: d.api }, cases);
}
