// The banner for a query that failed to load, with "Try again".
export { QueryError, type QueryErrorProps } from './QueryError.tsx';
