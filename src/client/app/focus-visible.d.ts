// focus-visible ships no types; src/client/app/polyfills.ts imports it for its side effect only.
declare module 'focus-visible/dist/focus-visible.js';
