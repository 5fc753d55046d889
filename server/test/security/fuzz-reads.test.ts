import { describe } from 'vitest';
import { fuzzOperations } from './fuzz.ts';

describe('property-based fuzz of every read', () => {
  fuzzOperations(
    'no read answers 5xx, leaks internals or changes a row, whatever its input',
    (o) => o.method === 'GET',
  );
});
