import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCaseFile } from '../counterexamples/case.js';
import { KNOBS, loadProfile } from '../profiles/index.js';
import { programArbFor } from '../properties/api.js';
import { DETACH, REATTACH, cli } from '../cli/test-support.js';
import { inferKnobs, judge, languageProfiles, mainReading, markdownReport, programsFromDir, programsFromSeed, setAside, summaryLines, totals, unitsFromMeasured, withKnob, worldDevicesUsed, type ConformProgram, type MeasuredProfile, type MeasuredRun, type Unit } from './conform.js';
import { parseRun } from './observations.js';
import { profileTrace } from './predict.js';
import { emitObservationProgram } from '../cli/emit/observe.js';
import { gccRuntimeProfile, missingTool } from './host.js';
import { clangProfile, fillTemplate, loadToolchain, packagedProfile, type Toolchain } from './toolchains.js';

const scratch = mkdtempSync(join(tmpdir(), 'mapcheck-conform-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A unit that "ran" with the given stdout lines and exit status. */
function ranUnit(id: string, path: string, lines: string[], exit: number, stderr = ''): Unit {
  const program = loadCaseFile(path).program;
  const emitted = emitObservationProgram(program, { lang: 'c' });
  const output = { stdout: lines.join('\n'), stderr, exit, timedOut: false };
  return {
    id,
    program: { name: id, program, source: path },
    lang: 'c',
    api: 'openacc',
    emitted,
    status: { kind: 'ran', output, run: parseRun(output, emitted.written) },
  };
}

describe('knob inference', () => {
  // What GCC 12's libgomp does with the two seed programs on a GPU (issue 11): the re-attach keeps
  // the old target (read 10*1), the detach of a never-attached pointer aborts.
  const reattach = ranUnit('reattach', REATTACH, ['MAPCHECK 0 offload 1', ...[1, 2, 3, 4, 5].map((k) => `MAPCHECK ${k} ok`), `MAPCHECK 6 read ${Array(10).fill(1).join(' ')}`, 'MAPCHECK end'], 0);
  const detach = ranUnit('detach', DETACH, ['MAPCHECK 0 offload 1', 'MAPCHECK 1 ok', 'MAPCHECK 2 ok'], 1, 'libgomp: attach count underflow');

  it('K-A4 = counter-only and K-A9 = error, with the observations as evidence', () => {
    const results = judge([reattach, detach]);
    const inferred = inferKnobs(results, 'openacc', loadProfile('libgomp'));
    expect(inferred.find((i) => i.knob === 'K-A4')).toEqual({ knob: 'K-A4', kind: 'inferred', reading: 'counter-only', evidence: [['reattach', 6, 'read 1 1 1 1 1 1 1 1 1 1']] });
    expect(inferred.find((i) => i.knob === 'K-A9')).toMatchObject({ knob: 'K-A9', kind: 'inferred', reading: 'error', evidence: [['detach', 3, expect.stringMatching(/^abort/)]] });
    expect(results[0]!.verdicts.get('libgomp')).toMatchObject({ agree: true });
    expect(results[0]!.verdicts.get('spec')).toMatchObject({ agree: false, first: { step: 6 } });
  });

  it('observations no reading explains make the knob contradictory, not a silent pick', () => {
    const odd = ranUnit('odd', REATTACH, ['MAPCHECK 0 offload 1', ...[1, 2, 3, 4, 5].map((k) => `MAPCHECK ${k} ok`), `MAPCHECK 6 read ${Array(10).fill(7).join(' ')}`], 0);
    const inferred = inferKnobs(judge([odd]), 'openacc', loadProfile('libgomp'));
    expect(inferred.find((i) => i.knob === 'K-A4')).toMatchObject({ kind: 'contradictory' });
  });
});

describe('toolchains', () => {
  it('GCC host builds disable offloading; device builds target nvptx and ask for the GPU', () => {
    const host = loadToolchain('gcc-openacc', 'host');
    expect(host.compile.openacc?.c).toContain('-foffload=disable');
    expect(host.env).toMatchObject({ ACC_DEVICE_TYPE: 'host', OMP_TARGET_OFFLOAD: 'DISABLED' });
    const device = loadToolchain('gcc-openacc', 'device');
    expect(device.compile.openacc?.fortran).toContain('-foffload=nvptx-none');
    expect(device.env).toMatchObject({ ACC_DEVICE_TYPE: 'nvidia' });
    expect(fillTemplate('gcc -fopenacc {source} -o {binary}', { source: 's.c', binary: 'b' })).toEqual(['gcc', '-fopenacc', 's.c', '-o', 'b']);
  });

  it('bad toolchains are one line naming the file and field, exit 2', async () => {
    const file = join(scratch, 'bad.json');
    writeFileSync(file, JSON.stringify({ name: 'x', compile: { openacc: { c: 'cc -fopenacc {source}' } } }));
    const r = await cli('conform', '--seed', '1', '--toolchain', file);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`error: ${file}: field compile.openacc.c: the command must name {source} and {binary}\n`);
    expect((await cli('conform', '--seed', '1', '--toolchain', 'pgi')).err).toMatch(/^error: unknown toolchain 'pgi' \(built-in: gcc-openacc, gcc-openmp/);
  });

  it('--profile-out with a profile file as --base is one line, exit 2, before anything is built (a measured profile extends a built-in one)', async () => {
    const out = join(scratch, 'never.json');
    const r = await cli('conform', '--seed', '1', '--toolchain', 'gcc-openacc', '--base', 'profiles/llvm-16.json', '--profile-out', out);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^error: --profile-out writes a profile that extends its --base, which must be a built-in profile \(spec, .*\), not profiles\/llvm-16\.json\n$/);
    expect(r.out).toBe('');
  });

  it('a program path that is missing or not a regular file or folder is one line, exit 2 (it was an internal ENOTDIR)', async () => {
    const missing = join(scratch, 'no-such.json');
    const r = await cli('conform', missing, '--toolchain', 'gcc-openacc');
    expect(r).toEqual({ code: 2, out: '', err: `error: ${missing}: no such file or folder\n` });
    const device = await cli('conform', '/dev/null', '--toolchain', 'gcc-openacc');
    expect(device).toEqual({ code: 2, out: '', err: 'error: /dev/null: not a program file or a folder of programs\n' });
  });
});

describe('conform -D NAME[=VALUE] (macros of C sources, as import, run and emit take them)', () => {
  /** LLVM's offload tests build one source per definition of CLAUSE (present/target_update.c). */
  const TWICE = 'int main(void)\n{\n  int a[4];\n#pragma omp target enter data map(alloc: a)\n#pragma omp target update CLAUSE(present: a)\n  return 0;\n}\n';
  const folder = join(scratch, 'defines');
  mkdirSync(folder);
  writeFileSync(join(folder, 'twice.c'), TWICE);
  copyFileSync('examples/seed-reattach.f90', join(folder, 'reattach.f90'));
  copyFileSync(REATTACH, join(folder, 'reattach.json'));
  const motion = (p: ConformProgram) => {
    const update = p.program.steps[1]!;
    return 'motions' in update ? update.motions[0]!.type : update.op;
  };

  it('a folder reads its C sources with the definitions and its Fortran sources and programs without', () => {
    const { programs } = programsFromDir(folder, [['CLAUSE', 'from']]);
    expect(programs.map((p) => p.name)).toEqual(['reattach-f90', 'reattach-json', 'twice']);
    expect(motion(programs[2]!)).toBe('from');
    expect(motion(programsFromDir(join(folder, 'twice.c'), [['CLAUSE', 'to']]).programs[0]!)).toBe('to');
    // without the definition the C source is refused on its line; a lone Fortran source refuses -D
    expect(() => programsFromDir(folder)).toThrow(/twice\.c:5: clause clause of #pragma omp target update is not imported/);
    expect(() => programsFromDir(join(folder, 'reattach.f90'), [['X', '1']])).toThrow(/-D is for C sources/);
  });

  it('the command takes -D; a program file with it gets the note, and -D without a file or folder is refused', async (ctx) => {
    const missing = missingTool('gcc');
    if (missing) ctx.skip(`needs gcc to build the program: ${missing}`);
    const json = await cli('conform', REATTACH, '-D', 'X', '--lang', 'c', '--build-only', '--work', join(scratch, 'defines-work'));
    expect(json.err).toBe(`note: -D defines macros of C sources; ${REATTACH} is no source file, so it is read without them\n`);
    expect(json.code).toBe(0);
    expect(await cli('conform', '--seed', '1', '--count', '1', '-D', 'X')).toMatchObject({ code: 2, err: 'error: -D defines macros of C sources: give a source file or a folder holding some\n' });
  });
});

describe('conform on the host fallback (gcc -foffload=disable)', () => {
  const missing = missingTool('gcc');
  if (missing) console.warn(`toolchain/conform.test.ts: host conform skipped: ${missing}`);
  // A few saved cases of both APIs keep npm test short; .ci/run runs conform on every saved case.
  it('saved cases of both APIs are built and run in C and agree with the host-fallback reading', async (ctx) => {
    if (missing) ctx.skip(missing);
    const cases = join(scratch, 'cases');
    mkdirSync(cases);
    for (const name of ['seed-000-reattach-after-reassociation', 'seed-000-detach-never-attached', 'seed-003-is-present-null', 'seed-003-free-allocation'])
      copyFileSync(join('counterexamples', 'cases', `${name}.json`), join(cases, `${name}.json`));
    const report = join(scratch, 'report.md');
    const r = await cli('conform', cases, '--toolchain', 'gcc-openacc', '--lang', 'c', '--require-agreement', '--report', report);
    expect(r.err).toBe('');
    expect(r.out).toContain('4 programs, 4 units: 0 not emitted, 0 not for gcc-openacc, 0 build failed, 0 runtime lacks a routine, 0 not run, 4 ran (0 offloaded)');
    expect(r.out).toMatch(/^host-fallback: 4 agree, 0 disagree$/m);
    expect(r.code).toBe(0);
  });

  it('one program file is conformed like a folder holding it', async (ctx) => {
    if (missing) ctx.skip(missing);
    const r = await cli('conform', REATTACH, '--toolchain', 'gcc-openacc', '--lang', 'c', '--require-agreement');
    expect(r.err).toBe('');
    expect(r.out).toContain('1 programs, 1 units: 0 not emitted, 0 not for gcc-openacc, 0 build failed, 0 runtime lacks a routine, 0 not run, 1 ran (0 offloaded)');
    expect(r.code).toBe(0);
  });

  it('a Fortran source is conformed as the program it reads as (mapcheck import), under its own name', async (ctx) => {
    if (missing) ctx.skip(missing);
    const gfortran = missingTool('gfortran');
    if (gfortran) ctx.skip(gfortran);
    const report = join(scratch, 'source-report.md');
    const r = await cli('conform', join('examples', 'seed-reattach.f90'), '--toolchain', 'gcc-openacc', '--require-agreement', '--report', report);
    expect(r.err).toBe('');
    expect(r.out).toContain('1 programs, 2 units: 0 not emitted, 0 not for gcc-openacc, 0 build failed, 0 runtime lacks a routine, 0 not run, 2 ran (0 offloaded)');
    expect(r.code).toBe(0);
    expect(readFileSync(report, 'utf8')).toContain('seed-reattach-fortran');
  });
});

describe('a folder of programs (conform DIR)', () => {
  it('takes its JSON programs and cases and its .f90 / .c sources, leaves its profile files out, and keeps two files of one stem apart', () => {
    const dir = join(scratch, 'folder');
    mkdirSync(dir);
    copyFileSync(REATTACH, join(dir, 'reattach.json'));
    copyFileSync(join('examples', 'seed-reattach.f90'), join(dir, 'reattach.f90'));
    copyFileSync(join('examples', 'seed-reattach.c'), join(dir, 'other.c'));
    copyFileSync(join('examples', 'my-runtime.profile.json'), join(dir, 'my-runtime.profile.json'));
    writeFileSync(join(dir, 'notes.txt'), 'not a program');
    writeFileSync(join(dir, 'decls.h'), 'int x;');
    const { programs, profiles } = programsFromDir(dir);
    expect(programs.map((p) => p.name)).toEqual(['other', 'reattach-f90', 'reattach-json']);
    expect(profiles).toEqual([join(dir, 'my-runtime.profile.json')]);
    // the seed program read from Fortran is the saved case's program
    expect(programs[1]!.program.steps).toEqual(programs[2]!.program.steps);
  });
});

describe('a generated batch for a machine of N devices (conform --seed --devices N)', () => {
  it('keeps the first programs of the seed that name no device past N, each under its index in the seed sequence (`seed S #i`)', () => {
    const all = programsFromSeed(20261208, 60, 'openmp');
    const fit = programsFromSeed(20261208, 20, 'openmp', undefined, 1);
    expect(fit.programs.length).toBe(20);
    for (const p of fit.programs) expect(worldDevicesUsed(p.program).filter((d) => d >= 1)).toEqual([]);
    // the unfiltered batch names a second device in some programs, and the filtered one is its subsequence
    expect(all.programs.some((p) => worldDevicesUsed(p.program).some((d) => d >= 1))).toBe(true);
    const byIndex = new Map(all.programs.map((p) => [p.source, p.program]));
    const shared = fit.programs.filter((p) => byIndex.has(p.source));
    expect(shared.length).toBeGreaterThan(0);
    for (const p of shared) expect(p.program).toEqual(byIndex.get(p.source));
    expect(fit.setAside).toBeGreaterThan(0);
    expect(all.setAside).toBe(0);
  });
});

describe('runs set aside as no run of their world (setAside)', () => {
  const dir = join(import.meta.dirname, '..', 'profiles', 'measured');
  const runs = JSON.parse(readFileSync(join(dir, 'gcc-12-nvptx-2026-12-06h.runs.json'), 'utf8')) as MeasuredRun[];
  const nullCopy = runs.find((r) => r.id === 'gen-20270107-145-c')!;

  it('a copy from a null device pointer the program passed ("invalid device address") is a run; a device the machine lacks is not', () => {
    // step 3, acc_memcpy_from_device(a(1:2), k1) with k1 = acc_deviceptr(b(9:8)), null: the plugin's
    // "invalid device address", then "Copying of dev object [(nil)..0x8) … failed"
    expect(nullCopy.stderr).toMatch(/invalid device address/);
    const [kept] = setAside(unitsFromMeasured([nullCopy]), 1);
    expect(kept!.status.kind).toBe('ran');
    const missing = { ...nullCopy, stderr: nullCopy.stderr.replace('invalid device address', 'OMP_TARGET_OFFLOAD is set to MANDATORY, but device not found') };
    const [gone] = setAside(unitsFromMeasured([missing]), 1);
    expect(gone!.status).toMatchObject({ kind: 'not-run', reason: expect.stringMatching(/the machine lacks a device the program uses/) });
  });
});

describe('a profile file judged beside the built-in readings (conform --base FILE.json)', () => {
  it('its verdicts are recorded under its name: profiles/llvm-16.json on the held-out clang 16 batch', () => {
    const dir = join(import.meta.dirname, '..', 'profiles', 'measured');
    const measured = JSON.parse(readFileSync(join(dir, 'llvm-16-nvptx-2026-12-03d.json'), 'utf8')) as MeasuredProfile;
    const units = unitsFromMeasured(JSON.parse(readFileSync(join(dir, measured.measured.runsFile), 'utf8')) as MeasuredRun[]);
    const file = loadProfile(join(dir, '..', 'llvm-16.json'));
    const ran = judge(units, measured.measured.devices, undefined, [file]).filter((r) => r.unit.status.kind === 'ran');
    expect(ran.length).toBe(137);
    expect(ran.every((r) => r.verdicts.has('llvm-16') && r.verdicts.has('llvm-offload'))).toBe(true);
    // gen-20261211-184-c: a kernel reads the pointer word of a plain pointer mapped with its section (K-B45 pointer-word)
    const r184 = ran.find((r) => r.unit.id === 'gen-20261211-184-c')!;
    expect([r184.verdicts.get('llvm-16')!.agree, r184.verdicts.get('llvm-offload')!.agree]).toEqual([true, false]);
    expect(judge(units, measured.measured.devices).every((r) => !r.verdicts.has('llvm-16'))).toBe(true);
  });
});

describe('each language judged by its own profile (Toolchain.profiles)', () => {
  const dir = join(import.meta.dirname, '..', 'profiles', 'measured');
  const gcc12 = (): Toolchain => ({ ...loadToolchain('gcc-openacc', 'device'), profile: 'gcc-12', profiles: { c: packagedProfile('gcc-12-c.json') } });

  it('a GCC 12 batch: C runs by profiles/gcc-12-c.json, Fortran runs by gcc-12, as the measured floors replay them', () => {
    // the held-out batch of seed 20261221: 281 runs, 280 predicted per language, one C run left (toolchain/measured.test.ts)
    const measured = JSON.parse(readFileSync(join(dir, 'gcc-12-nvptx-2026-12-05o.json'), 'utf8')) as MeasuredProfile;
    const units = unitsFromMeasured(JSON.parse(readFileSync(join(dir, measured.measured.runsFile), 'utf8')) as MeasuredRun[]);
    const toolchain = gcc12();
    const base = loadProfile(toolchain.profile);
    const byLang = languageProfiles(toolchain);
    expect(Object.keys(byLang)).toEqual(['c']);
    const results = judge(units, measured.measured.devices, undefined, Object.values(byLang));
    const main = mainReading(toolchain, base, byLang);
    const c = units.find((u) => u.lang === 'c')!;
    const fortran = units.find((u) => u.lang === 'fortran')!;
    expect(typeof main === 'function' ? [main(c), main(fortran)] : main).toEqual(['gcc-12-c', 'gcc-12']);
    const both = totals(results, main);
    expect([both.ran, both.agree]).toEqual([281, 280]);
    // judged by gcc-12 alone, the C runs that follow their front end's lowering disagree
    expect(totals(results, 'gcc-12').agree).toBeLessThan(both.agree - 30);
    const lines = summaryLines(toolchain, base, results, [], byLang);
    expect(lines[1]).toBe('gcc-12 (C: gcc-12-c): 280 agree, 1 disagree');
    expect(lines.filter((l) => l.includes('disagrees with'))).toEqual([
      expect.stringMatching(/^ {2}gen-20261221-094-c: disagrees with gcc-12-c at step \d+/),
    ]);
    expect(markdownReport(toolchain, base, results, [], byLang)).toContain('- agree with `gcc-12 (C: gcc-12-c)`: 280; disagree: 1');
  });

  it('the built-in GCC device toolchains take the profile of the gcc on PATH, and its C front end\'s beside it', () => {
    for (const name of ['gcc-openacc', 'gcc-openmp']) {
      const t = loadToolchain(name, 'device');
      expect(t.profile).toBe(gccRuntimeProfile());
      expect(t.profiles?.c).toBe(packagedProfile(`${gccRuntimeProfile()}-c.json`));
      expect((JSON.parse(readFileSync(t.profiles!.c!, 'utf8')) as { extends: string }).extends).toBe(t.profile);
      // the host fallback is judged by the host fallback's reading
      expect(loadToolchain(name, 'host').profiles).toBeUndefined();
    }
  });

  it('clang-openmp: clang 16 is judged by profiles/llvm-16.json (measured), 22 by llvm-22, any other by llvm-offload', () => {
    expect([clangProfile(16), clangProfile(22), clangProfile(19), clangProfile(18), clangProfile(null)]).toEqual([packagedProfile('llvm-16.json'), 'llvm-22', packagedProfile('llvm-19.json'), 'llvm-offload', null]);
    expect(loadProfile(clangProfile(16)!).name).toBe('llvm-16');
    expect(loadProfile(clangProfile(19)!).name).toBe('llvm-19');
  });

  it('a toolchain file may name a profile per language; a bad one is one line naming the field', () => {
    const path = join(scratch, 'tc-profiles.json');
    writeFileSync(path, JSON.stringify({ name: 'x', compile: { openmp: { c: 'cc {source} -o {binary}' } }, profile: 'llvm-offload', profiles: { c: 'profiles/llvm-16.json' } }));
    expect(loadToolchain(path, 'device').profiles).toEqual({ c: 'profiles/llvm-16.json' });
    writeFileSync(path, JSON.stringify({ name: 'x', compile: {}, profiles: { cpp: 'spec' } }));
    expect(() => loadToolchain(path, 'device')).toThrow(/tc-profiles\.json: field profiles: Unrecognized key/);
  });
});

// inferKnobs predicts a run again under a knob's other readings only where the base's prediction
// read that knob (profileTrace's knobsRead). Sound only if a knob the model never looked up cannot
// change its prediction: checked here on generated programs of both APIs, under the profiles whose
// readings conform infers against, for every knob outside the set and every other reading of it.
describe('a knob the prediction did not read predicts the same under every reading', () => {
  const programs = fc.sample(programArbFor('both'), { seed: 20261206, numRuns: 8 });
  for (const name of ['spec', 'gcc-12', 'llvm-offload']) {
    it(`under ${name}`, () => {
      const base = loadProfile(name);
      let unreadChecked = 0;
      let readChanged = 0;
      for (const program of programs) {
        const knobsRead = new Set<string>();
        const observations = profileTrace(program, base, knobsRead);
        expect(knobsRead.size).toBeGreaterThan(1);
        for (const knob of KNOBS)
          for (const reading of knob.readings) {
            if (reading.id === base.knobs[knob.id]) continue;
            const other = profileTrace(program, withKnob(base, knob.id, reading.id));
            if (!knobsRead.has(knob.id)) {
              unreadChecked++;
              expect([knob.id, reading.id, other]).toEqual([knob.id, reading.id, observations]);
            } else if (!isDeepStrictEqual(other, observations)) readChanged++;
          }
      }
      // not vacuous: most knobs go unread by a program, and some knob read does change a prediction
      expect(unreadChecked).toBeGreaterThan(programs.length * 50);
      expect(readChanged).toBeGreaterThan(0);
    });
  }
});
