// The part of autocannon's API the benchmark uses (the package ships no type declarations).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }
  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    requests: { total: number; average: number };
    latency: { p50: number; p97_5: number; p99: number };
  }
  function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): EventEmitter;
  export default autocannon;
}
