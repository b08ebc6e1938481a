// Shared by the language tests: the message a program file is rejected with, and the line a
// source front end stops at.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { InputError, loadProgramFile } from './validate.js';
import { SourceError } from './source/directives.js';

/** The line a front end's SourceError names on `text`, with its message; fails the test if `read` reads it. */
export function sourceFailure(read: (text: string) => unknown, text: string): { line: number; message: string } {
  try {
    read(text);
  } catch (e) {
    if (e instanceof SourceError) return { line: e.line, message: e.message };
    throw e;
  }
  throw new Error('imported without an error');
}

/**
 * Writes `content` as a program file in `dir` and returns the one-line InputError message its
 * loading ends in, without the file path it starts with; fails the test if the file loads.
 */
export function rejection(dir: string, content: unknown): string {
  const path = join(dir, `p${++files}.json`);
  writeFileSync(path, JSON.stringify(content));
  try {
    loadProgramFile(path);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    const message = (e as Error).message;
    expect(message).not.toContain('\n');
    return message.slice(path.length);
  }
  throw new Error(`expected ${path} to be rejected`);
}
let files = 0;
