import pino from 'pino';

/** One JSON line per event; secrets are redacted by path in case a caller logs a whole object. */
export function createLogger(level: string) {
  return pino({
    level,
    redact: {
      paths: [
        'password',
        '*.password',
        'token',
        '*.token',
        'code',
        '*.code',
        'cookie',
        '*.cookie',
        'headers.cookie',
        'headers.authorization',
      ],
      censor: '[redacted]',
    },
  });
}
