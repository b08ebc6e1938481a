// The names of the `--api` choices (properties/api.ts generates their programs), apart from the
// generators so that the command line can offer them without loading fast-check (issue 12: start-up).

export const APIS = ['openacc', 'openmp', 'both'] as const;
export type ApiChoice = (typeof APIS)[number];

export const DEFAULT_API: ApiChoice = 'both';
