// Shell quoting for the command lines mapcheck prints and saves (`reproduce:`, a case's
// `found.command`): pasted into a POSIX shell, a quoted word is exactly one argument, whatever it
// contains (spaces, `;`, quotes, `$`, newlines).

const PLAIN = /^[A-Za-z0-9_\-.,/:=+@%^]+$/;

/** One shell word for `arg`: as is when it is plain, else single-quoted, or $'…' with escapes for control characters. */
export function shellQuote(arg: string): string {
  if (PLAIN.test(arg)) return arg;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(arg)) {
    const body = [...arg]
      .map((c) => {
        const code = c.charCodeAt(0);
        if (c === '\\' || c === "'") return `\\${c}`;
        if (c === '\n') return '\\n';
        if (c === '\t') return '\\t';
        if (c === '\r') return '\\r';
        if (code < 0x20 || code === 0x7f) return `\\x${code.toString(16).padStart(2, '0')}`;
        return c;
      })
      .join('');
    return `$'${body}'`;
  }
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** A command line from words, each quoted as needed. */
export function shellCommand(words: readonly string[]): string {
  return words.map(shellQuote).join(' ');
}
