// Bidi-safe rendering of user content, numbers and coordinates.
export { Bdi, Coordinates, coordinatesText, Ltr, useIsolatedT } from './Bidi.tsx';
export { inputDir, placeholderToken, splitPlaceholders } from './bidi-text.ts';
