// The formats of `mapcheck explain --format` (cli/explain.ts renders them), apart from the
// renderer so that the command line can offer them without loading it (issue 12: start-up).

export const EXPLAIN_FORMATS = ['text', 'md', 'json'] as const;
export type ExplainFormat = (typeof EXPLAIN_FORMATS)[number];
