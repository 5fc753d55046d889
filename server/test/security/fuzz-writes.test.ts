import { describe } from 'vitest';
import { fuzzOperations } from './fuzz.ts';
import { changesState } from './operations.ts';

describe('property-based fuzz of every write', () => {
  fuzzOperations(
    'no write answers 5xx or leaks internals, and a refused one changes no row',
    changesState,
  );
});
