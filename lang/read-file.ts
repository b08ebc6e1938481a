// Reading a user-named input file with bounds: regular files and pipes only (never a device such
// as /dev/zero, never a directory), at most a fixed number of bytes, a UTF-8 byte-order mark
// accepted and dropped. Every failure is a one-line message naming the file; callers wrap it in
// their own error class (InputError, ProfileError) so the CLI exits with 2.

import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** Largest program or case file mapcheck reads (documented in lang/README.md, "Limits"). */
export const MAX_INPUT_FILE_BYTES = 4 * 1024 * 1024;
/** Largest profile file mapcheck reads. */
export const MAX_PROFILE_FILE_BYTES = 256 * 1024;

/** Why a file could not be read, as one line without the file name (the caller adds it). */
export class FileReadProblem extends Error {
  override name = 'FileReadProblem';
}

function mib(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes / 1024} KiB`;
}

/**
 * Reads `path` (`-`: stdin) as UTF-8 text of at most `limit` bytes. Throws FileReadProblem when it cannot be
 * opened, is not a regular file or a pipe, or is larger than `limit` (a pipe is read up to one byte
 * past the limit, then refused).
 */
export function readBoundedText(path: string, limit: number): string {
  // `-`: this process's stdin, whatever it is (a pipe, a socket a parent process made, a terminal)
  const stdin = path === '-';
  let fd: number;
  try {
    fd = stdin ? 0 : openSync(path, 'r');
  } catch (e) {
    throw new FileReadProblem(`cannot read file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new FileReadProblem('is a directory, not a file');
    if (!stdin && !st.isFile() && !st.isFIFO()) throw new FileReadProblem('not a regular file (devices and sockets are not read)');
    if (st.isFile() && st.size > limit) throw new FileReadProblem(`file is ${st.size} bytes, larger than the ${mib(limit)} limit`);
    const chunks: Buffer[] = [];
    let total = 0;
    const buf = Buffer.alloc(64 * 1024);
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, buf, 0, buf.length, null);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN') continue;
        throw new FileReadProblem(`cannot read file (${code ?? (e as Error).message})`);
      }
      if (n === 0) break;
      total += n;
      if (total > limit) throw new FileReadProblem(`larger than the ${mib(limit)} limit`);
      chunks.push(Buffer.from(buf.subarray(0, n)));
    }
    const text = Buffer.concat(chunks).toString('utf8');
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } finally {
    if (!stdin) closeSync(fd);
  }
}

/**
 * One line for any text quoted in a message: control characters (newlines included) are written
 * as escapes, so a name or a path with a newline cannot split the message.
 */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}
