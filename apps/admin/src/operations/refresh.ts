/** How often the operations screens read again: a job's run, a heartbeat, a file may change any moment. */
export const REFRESH_MS = 10_000;
