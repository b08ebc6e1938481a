// The `mapcheck` command line: run a program, fuzz two sides against each other, explain a saved case, list profiles.
//
// Exit codes: 0 success (including a program that ends in an error observation: that is what the
// program observes, not a failure of the tool); 1 a fuzzing campaign found a divergence; 2 bad
// input (program or case file, profile, flag), reported as one line on stderr; 3 internal error.
//
// This module only declares the commands (names, arguments, options, descriptions: all that
// `--help` and `--version` print) and imports each command's implementation when that command
// runs, so `mapcheck --help` loads commander and these few light modules, not the model, the
// runtime, fast-check or zod (issue 12: start-up; the build splits the bundle along these
// imports, scripts/build.mjs). Option choices come from modules as light: properties/api-choice.ts,
// cli/explain-format.ts.

import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { oneLine } from '../lang/read-file.js';
import { APIS, DEFAULT_API } from '../properties/api-choice.js';
import { registerConform } from '../toolchain/cli.js';
import { defineOption } from './define-option.js';
import type { CheckCliOptions } from './check.js';
import type { DiffCliOptions } from './diff.js';
import type { EmitApi, EmitLang } from './emit.js';
import { EXPLAIN_FORMATS } from './explain-format.js';
import type { ExplainOptions } from './explain.js';
import type { FuzzOptions } from './fuzz.js';
import type { ImportOptions } from './import.js';
import { EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_OK, SCHEMA_VERSION, displayPath, processIo, stdoutFailed, type Io } from './io.js';
import type { CaseOptions, RunOptions } from './run.js';
import { packageVersion } from './version.js';

export type { Io } from './io.js';

// ------------------------------------------------------------------------------------------------
// Option parsers (their errors become commander's one-line "error: option … is invalid")

function positiveInteger(raw: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw)))
    throw new InvalidArgumentError('expected a positive integer.');
  return Number(raw);
}

function positiveSeconds(raw: string): number {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('expected a positive number of seconds.');
  return n;
}

/** `--workers N`: worker threads for a campaign; the verdict and the minimal program do not depend on N. */
function workersOption(): Option {
  return new Option('--workers <n>', "worker threads (default: the machine's cores); the verdict does not depend on it").argParser(positiveInteger);
}

function shardValue(raw: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(raw);
  if (!m || Number(m[2]) < 1 || Number(m[1]) >= Number(m[2]) || Number(m[2]) > 1_000_000)
    throw new InvalidArgumentError('expected i/n with 0 <= i < n (e.g. 3/64).');
  return { index: Number(m[1]), count: Number(m[2]) };
}

function seedValue(raw: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) > 0xffffffff) throw new InvalidArgumentError('expected an integer from 0 to 4294967295.');
  return Number(raw);
}

// ------------------------------------------------------------------------------------------------

// ------------------------------------------------------------------------------------------------
// Wiring

function buildProgram(io: Io, setExit: (code: number) => void): Command {
  const root = new Command('mapcheck')
    .description('Property-based model checker for OpenACC and OpenMP data-mapping semantics')
    .version(packageVersion(), '-V, --version', 'print the mapcheck version')
    .exitOverride()
    .configureOutput({
      writeOut: io.out,
      writeErr: io.err,
      outputError: (text, write) => write(text),
    })
    .showSuggestionAfterError(true);

  const profileOption = () => new Option('--profile <profile>', 'built-in profile name or path to a JSON profile').default('spec');

  root
    .command('run')
    .description('run programs (or saved cases) and print every step with its observation, a column per profile')
    .argument('<files...>', 'program JSON files, Fortran (.f90) or C (.c) sources (mapcheck import), or saved counterexample cases')
    .addOption(
      new Option('--profile <profiles>', "built-in profile name or path to a JSON profile; a comma-separated list for one column each; 'compilers': every runtime's profile that reads the program's API").default('spec'),
    )
    .option('--result', "only each program's last observation: a row per program, a column per profile")
    .addOption(new Option('--engine <engine>', 'which side executes the program').choices(['model', 'impl']).default('model'))
    .option('--json', 'print the observations as JSON')
    .option('--state', 'also print the canonical state snapshot after every step')
    .addOption(defineOption())
    .action(async (files: string[], o: RunOptions) => setExit((await import('./run.js')).runCommand(files, o, io)));

  root
    .command('import')
    .description('read a Fortran or C program with OpenACC or OpenMP directives into a mapcheck program (every command also takes the source file itself)')
    .argument('<source>', "a free-form Fortran (.f90) or C (.c) main program; '-' reads it from stdin (with --lang)")
    .addOption(new Option('--lang <lang>', 'source language (default: by the file extension)').choices(['fortran', 'c']))
    .option('--out <file>', 'write the program to this file instead of printing it')
    .option('--json', 'print the program with the source line of each step and what was passed over')
    .addOption(defineOption())
    .action(async (file: string, o: ImportOptions) => setExit((await import('./import.js')).importCommand(file, o, io)));

  root
    .command('case')
    .description('turn a program into a case for two sides (printed, or written with --out), to replay, explain or promote')
    .argument('<program>', 'program JSON file, or Fortran / C source')
    .requiredOption('--sides <a,b>', 'two sides: profile names or files, each optionally engine-prefixed (spec,cray-19 or impl:spec,spec)')
    .addOption(new Option('--compare <mode>', "what must agree (default: 'state' for impl against model, else 'observations')").choices(['observations', 'state']))
    .option('--title <title>', 'one line saying what the case shows')
    .option('--out <file>', 'write the case to this file instead of printing it')
    .option('--json', 'print the case (a case is JSON already: schemas/case.schema.json)')
    .action(async (file: string, o: CaseOptions) => {
      (await import('./run.js')).programToCase(file, o, io);
      setExit(EXIT_OK);
    });

  root
    .command('fuzz')
    .description('generate random programs until two sides diverge; shrink and save the divergence')
    .addOption(profileOption())
    .addOption(
      new Option('--against <impl|profile>', "side b: 'impl' (the optimised runtime, same profile) or the model under another profile").default(
        'impl',
      ),
    )
    .addOption(
      new Option('--compare <mode>', "what must agree (default: 'state' against impl, 'observations' against a profile)").choices([
        'observations',
        'state',
      ]),
    )
    .addOption(new Option('--seed <n>', 'campaign seed (default: random, always printed)').argParser(seedValue))
    .addOption(new Option('--runs <n>', 'number of programs to try (default 100)').argParser(positiveInteger).conflicts('time'))
    .addOption(new Option('--time <seconds>', 'fuzz for this long instead of a run count').argParser(positiveSeconds))
    .addOption(new Option('--out <dir>', 'where to save a counterexample (default: a new untracked folder under .mapcheck/runs/)'))
    .addOption(new Option('--max-steps <n>', 'upper bound on generated program length (default 25)').argParser(positiveInteger))
    .option('--no-coverage', 'do not print the spec-rule coverage table at the end')
    .option('--json', 'print one JSON document at the end instead of the text report (progress stays on stderr)')
    .option('--junit <file>', 'also write the outcome as a JUnit XML report (for CI)')
    .addOption(
      new Option('--api <api>', 'which programs to generate: openacc, openmp, or both (each program one or the other)')
        .choices(APIS)
        .default(DEFAULT_API),
    )
    .addOption(workersOption())
    .addOption(new Option('--shard <i/n>', 'run shard i (0-based) of n: a disjoint, deterministic part of the campaign (see mapcheck corpus merge)').argParser(shardValue))
    .action(async (o: FuzzOptions) => setExit(await (await import('./fuzz.js')).fuzzCommand(o, io)));

  root
    .command('diff')
    .description('find every class of programs that tells two profiles apart: minimal programs, explaining knobs, knob coverage')
    .argument('<a>', 'profile A: built-in name or path to a JSON profile')
    .argument('<b>', 'profile B: built-in name or path to a JSON profile')
    .addOption(new Option('--compare <mode>', 'what must agree').choices(['observations', 'state']).default('observations'))
    .addOption(new Option('--seed <n>', 'campaign seed (default: random, always printed)').argParser(seedValue))
    .addOption(new Option('--runs <n>', 'number of programs to generate (default 100)').argParser(positiveInteger).conflicts('time'))
    .addOption(new Option('--time <seconds>', 'generate programs for this long instead of a run count').argParser(positiveSeconds))
    .addOption(new Option('--out <dir>', 'where to save one case per class (default: a new untracked folder under .mapcheck/runs/)'))
    .option('--save-all', 'also save the classes the comparison does not count (masked, state-only)')
    .option('--summary', 'for spec editors: one line per knob (title, readings, classes it explains, smallest program), then the classes')
    .option('--json', 'print one JSON document at the end instead of the text report (progress stays on stderr)')
    .option('--junit <file>', 'also write the outcome as a JUnit XML report (for CI)')
    .addOption(new Option('--api <api>', 'which programs to generate: openacc, openmp, or both').choices(APIS).default(DEFAULT_API))
    .addOption(new Option('--max-steps <n>', 'upper bound on generated program length (default 25)').argParser(positiveInteger))
    .addOption(workersOption())
    .addOption(new Option('--shard <i/n>', 'run shard i (0-based) of n: a disjoint, deterministic part of the campaign (see mapcheck corpus merge)').argParser(shardValue))
    .action(async (a: string, b: string, o: DiffCliOptions) => setExit(await (await import('./diff.js')).diffCommand(a, b, o, io)));

  root
    .command('corpus')
    .description('work on folders of saved cases')
    .command('merge')
    .description('merge the cases and shard summaries that `fuzz --shard` runs saved: cases deduplicated by content, runs, rules reached, divergences')
    .argument('<dirs...>', 'folders the shards saved into (their --out)')
    .addOption(new Option('--into <dir>', 'copy each distinct case into this folder'))
    .action(async (dirs: string[], o: { into?: string }) => setExit((await import('./shards.js')).corpusMergeCommand(dirs, o, io)));

  root
    .command('check')
    .description('bounded-exhaustive check: every program of at most --depth steps over a small world, a shortest divergence or a certificate')
    .addOption(new Option('--depth <k>', 'largest program length').argParser(positiveInteger).default(3))
    .addOption(new Option('--world <file>', "a program file whose world is checked (its steps are ignored); default: the seed world (c%p => a; a, b; one device)"))
    .addOption(profileOption())
    .addOption(new Option('--against <impl|profile>', "side b: 'impl' or the model under another profile").default('impl'))
    .addOption(new Option('--compare <mode>', "what must agree (default: 'state' against impl, 'observations' against a profile)").choices(['observations', 'state']))
    .addOption(new Option('--max-states <n>', 'stop after this many states; the certificate covers the depths completed').argParser(positiveInteger))
    .addOption(new Option('--time <seconds>', 'stop after this long, likewise').argParser(positiveSeconds))
    .addOption(new Option('--api <api>', 'whose steps are enumerated (with the host steps)').choices(['openacc', 'openmp']).default('openacc'))
    .option('--no-symmetry', 'enumerate every order of interchangeable names (default: the first use follows declaration order)')
    .action(async (o: CheckCliOptions) => setExit((await import('./check.js')).checkCommand(o, io)));

  root
    .command('explain')
    .description('explain a saved case (or a program on two sides) step by step: observations, state changes, irrelevant steps, spec rules at the divergence')
    .argument('<file>', 'a saved counterexample case, or a program JSON file or Fortran / C source')
    .addOption(new Option('--format <format>', 'output format').choices(EXPLAIN_FORMATS).default('text'))
    .option('--json', 'print as JSON (same as --format json)')
    .option('--sides <a,b>', 'for a program: the two sides (default spec,impl:spec), as for mapcheck case')
    .addOption(new Option('--compare <mode>', 'for a program: what must agree').choices(['observations', 'state']))
    .action(async (file: string, o: ExplainOptions) => setExit((await import('./explain.js')).explainCommand(file, o, io)));

  root
    .command('emit')
    .description('write a self-checking Fortran or C program for a program or saved case; its checks follow the spec profile')
    .argument('<file>', 'program JSON file, Fortran or C source, or a saved counterexample case')
    .addOption(new Option('--lang <lang>', 'output language').choices(['fortran', 'c']).makeOptionMandatory())
    .addOption(new Option('--api <api>', "directive set (default: the program's own)").choices(['openacc', 'openmp']))
    .option('--json', 'print the source inside a JSON document')
    .option('--observe', 'write an observation program: one MAPCHECK line per step instead of checks (for mapcheck conform)')
    .addOption(defineOption())
    .action(async (file: string, o: { lang: EmitLang; api?: EmitApi; json?: boolean; observe?: boolean; define?: [string, string][] }) =>
      setExit((await import('./emit.js')).emitCommand(file, o, io)),
    );

  registerConform(root, io, setExit);

  root
    .command('promote')
    .description('move a case (e.g. from .mapcheck/runs/) into the tracked regression corpus, with a name and a title')
    .argument('<case>', 'a saved case file')
    .requiredOption('--name <name>', 'file name in the corpus, lower-case words with dashes (e.g. cray-reattach-skipped)')
    .option('--title <title>', 'one line saying what the case shows (default: its current title)')
    .option('--to <dir>', 'the corpus folder (default: counterexamples/cases of this package)')
    .option('--json', 'print as JSON')
    .action(async (file: string, o: { name: string; title?: string; to?: string; json?: boolean }) => {
      const path = (await import('../counterexamples/store.js')).promoteCase(file, o);
      if (o.json) io.out(`${JSON.stringify({ schemaVersion: SCHEMA_VERSION, command: 'promote', from: file, to: path }, null, 2)}\n`);
      else io.out(`promoted: ${displayPath(file)} -> ${displayPath(path)}\n`);
      setExit(EXIT_OK);
    });

  root
    .command('profiles')
    .description('list the built-in profiles and the interpretation knobs')
    .option('--json', 'print as JSON')
    .action(async (o: { json?: boolean }) => setExit((await import('./profiles.js')).profilesCommand(o, io)));

  const profile = root.command('profile').description('inspect one profile');
  profile
    .command('show')
    .description("print every knob's reading in a profile, with confidence and evidence")
    .argument('<profile>', 'built-in profile name or path to a JSON profile')
    .option('--json', 'print as JSON')
    .action(async (name: string, o: { json?: boolean }) => setExit((await import('./profiles.js')).profileShowCommand(name, o, io)));

  return root;
}

/** Runs the CLI with `argv` (arguments after the program name) and returns the exit code. */
export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const code = await runMain(argv, io);
  const failure = stdoutFailed();
  if (io === processIo && failure !== null) {
    io.err(`error: cannot write to standard output (${oneLine(failure)})\n`);
    return EXIT_BAD_INPUT;
  }
  return code;
}

async function runMain(argv: string[], io: Io): Promise<number> {
  let exitCode = EXIT_OK;
  const root = buildProgram(io, (code) => (exitCode = code));
  try {
    await root.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (e) {
    if (e instanceof CommanderError) {
      // Commander has already printed the help (`--help`, `help CMD`: exit code 0) or its one-line error.
      return e.exitCode === 0 ? EXIT_OK : EXIT_BAD_INPUT;
    }
    // The classes of bad input and of a crashed campaign, from the modules that throw them (loaded
    // by then when one of them threw; imported here, not above, to keep them out of the start-up).
    if (e instanceof (await import('../lang/validate.js')).InputError || e instanceof (await import('../profiles/index.js')).ProfileError) {
      io.err(`error: ${oneLine((e as Error).message)}\n`);
      return EXIT_BAD_INPUT;
    }
    if (e instanceof (await import('../properties/campaign.js')).CampaignCrash) {
      io.err(`internal error: ${e.message}\n`);
      return EXIT_INTERNAL;
    }
    io.err(`internal error: ${(e as Error)?.stack ?? String(e)}\n`);
    return EXIT_INTERNAL;
  }
}
