// The help texts stay as they were before the commands were loaded lazily (issue 12, start-up):
// cli/help-snapshots/ holds what `mapcheck … --help` printed on 03d977e, when cli/main.ts still
// imported every command's implementation, so moving an option or a description into a lazily
// loaded module cannot change what the user reads without this test failing. A new command or
// argument text (import, source files: session 19) changes them on purpose, in its own commit.

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cli } from './test-support.js';

const root = join(import.meta.dirname, '..');

/** The saved help; conform's `--jobs` default is the machine's cores (saved on a 2-core machine). */
function saved(name: string): string {
  const text = readFileSync(join(import.meta.dirname, 'help-snapshots', `${name}.txt`), 'utf8');
  return name === 'conform' ? text.replace('(default: 2)', `(default: ${Math.max(1, availableParallelism())})`) : text;
}

const HELP: [string, string[]][] = [
  ['mapcheck', ['--help']],
  ['run', ['run', '--help']],
  ['import', ['import', '--help']],
  ['case', ['case', '--help']],
  ['fuzz', ['fuzz', '--help']],
  ['diff', ['diff', '--help']],
  ['corpus', ['corpus', '--help']],
  ['corpus-merge', ['corpus', 'merge', '--help']],
  ['check', ['check', '--help']],
  ['explain', ['explain', '--help']],
  ['emit', ['emit', '--help']],
  ['conform', ['conform', '--help']],
  ['promote', ['promote', '--help']],
  ['profiles', ['profiles', '--help']],
  ['profile', ['profile', '--help']],
  ['profile-show', ['profile', 'show', '--help']],
  ['help', ['help', '--help']],
];

describe('help text, byte for byte as before the lazy commands', () => {
  // Commander wraps help to the terminal's width when stdout is one; the saved copies are 80 wide (a pipe).
  let tty: PropertyDescriptor | undefined;
  beforeAll(() => {
    tty = Object.getOwnPropertyDescriptor(process.stdout, 'isTTY');
    Object.defineProperty(process.stdout, 'isTTY', { value: false, configurable: true });
  });
  afterAll(() => {
    if (tty) Object.defineProperty(process.stdout, 'isTTY', tty);
    else delete (process.stdout as { isTTY?: boolean }).isTTY;
  });

  test.each(HELP)('%s', async (name, argv) => {
    expect(await cli(...argv)).toEqual({ code: 0, out: saved(name), err: '' });
  });

  test('help CMD prints the command help, no arguments print the main help on stderr', async () => {
    expect(await cli('help', 'fuzz')).toEqual({ code: 0, out: saved('fuzz'), err: '' });
    expect(await cli()).toEqual({ code: 2, out: '', err: saved('mapcheck') });
  });

  test('--version and a mistyped command', async () => {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    expect(await cli('--version')).toEqual({ code: 0, out: `${version}\n`, err: '' });
    expect(await cli('fuz')).toEqual({ code: 2, out: '', err: "error: unknown command 'fuz'\n(Did you mean fuzz?)\n" });
  });

  test('bin/mapcheck.mjs --help prints the same (the build in dist/ when current, else the sources)', () => {
    const r = spawnSync(process.execPath, [join(root, 'bin', 'mapcheck.mjs'), '--help'], { encoding: 'utf8', env: { ...process.env, MAPCHECK_SOURCES: '' } });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(saved('mapcheck'));
  });
});
