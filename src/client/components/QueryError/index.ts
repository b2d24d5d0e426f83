// The banner for a query that failed to load, with "Try again"; the states of a short list around it.
export { QueryError, type QueryErrorProps } from './QueryError.tsx';
export { QueryStates, type QueryStatesProps } from './QueryStates.tsx';
