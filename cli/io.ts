// Where the CLI writes, its exit codes and a path helper: what cli/main.ts needs before it knows
// which command runs, kept apart from the commands (loaded only when one runs, issue 12: start-up).

import { writeSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';

/** Where the CLI writes; tests substitute capturing functions. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Whether stderr is an interactive terminal (draws a progress bar instead of progress lines). */
  errIsTTY: boolean;
}

/** The version of every document `--json` prints (schemas/*.schema.json). */
export const SCHEMA_VERSION = 1;

export const EXIT_OK = 0;
export const EXIT_DIVERGENCE = 1;
export const EXIT_BAD_INPUT = 2;
export const EXIT_INTERNAL = 3;
/** Exit code of a campaign stopped by Ctrl-C (128 + SIGINT, as shells report it). */
export const EXIT_INTERRUPTED = 130;

/** Why standard output could not be written (an errno code), once it failed; later output is dropped. */
let stdoutFailure: string | null = null;
const pause = new Int32Array(new SharedArrayBuffer(4));

/** Why writing to standard output failed (an errno code), or null while it has not. */
export function stdoutFailed(): string | null {
  return stdoutFailure;
}

/**
 * Writes to standard output synchronously, so that a failure is seen where it happens rather than
 * as an asynchronous stream error after the command has decided its exit code. A closed pipe
 * (`mapcheck profiles | head`) ends the process quietly with 0; any other failure (a full disk,
 * `> /dev/full`) is remembered, the command runs to its end (a case it finds is still saved), and
 * `main` exits with 2 and one line on stderr.
 */
function writeStdout(text: string): void {
  if (stdoutFailure !== null) return;
  const bytes = Buffer.from(text, 'utf8');
  let done = 0;
  while (done < bytes.length) {
    try {
      done += writeSync(1, bytes, done);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        Atomics.wait(pause, 0, 0, 5); // a non-blocking pipe whose reader is slow: wait, then retry
        continue;
      }
      if (code === 'EPIPE') process.exit(EXIT_OK);
      stdoutFailure = code ?? (e as Error).message;
      return;
    }
  }
}

/** The process's own standard output and error. */
export const processIo: Io = {
  out: writeStdout,
  err: (text) => process.stderr.write(text),
  // read when a command asks (process.stderr is made on first use: `--help` never needs it)
  get errIsTTY() {
    return Boolean(process.stderr.isTTY);
  },
};

/** A path relative to the working directory when it lies below it, else as given. */
export function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}
