import { run } from './commands.ts';

process.exitCode = await run(process.argv.slice(2));
