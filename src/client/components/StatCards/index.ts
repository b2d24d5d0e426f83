// The figure cards of the dashboards and of the lists with a summary.
export { type Stat, StatCards, type StatCardsProps } from './StatCards.tsx';
