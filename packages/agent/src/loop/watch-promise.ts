/** A promise's outcome, readable synchronously once it settled. */
export interface Watched<T> {
  settled: boolean;
  failed: boolean;
  value?: T;
  failure?: unknown;
}

/** Watches `work`; `onSettle` runs once it settles (the relay loop's wake-up). */
export function watchPromise<T>(work: Promise<T>, onSettle: () => void): Watched<T> {
  const watched: Watched<T> = { settled: false, failed: false };
  work.then(
    (value) => {
      watched.settled = true;
      watched.value = value;
      onSettle();
    },
    (failure: unknown) => {
      watched.settled = true;
      watched.failed = true;
      watched.failure = failure;
      onSettle();
    },
  );
  return watched;
}
