/**
 * Every raw read that declares its rows' shape (db/client.ts queryRows) has its rows checked here,
 * on the engine the test runs on: a column renamed, a type that one driver answers differently or
 * a null the declared type forgets fails the test that read it, not a request in production.
 */
import { checkRowsWith } from '../src/db/client.ts';

checkRowsWith((shape, rows) => {
  for (const row of rows) {
    const checked = shape.safeParse(row);
    if (!checked.success) {
      throw new Error(
        `a row is not the shape its read declares: ${checked.error.message}\nrow: ${JSON.stringify(row)}`,
      );
    }
  }
});
