/** react-hook-form as the sign-in screen imports it: the same library, a copy of its own (vite.config.ts). */
declare module 'react-hook-form/first-screen' {
  export * from 'react-hook-form';
}
