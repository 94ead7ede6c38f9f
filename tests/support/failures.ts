import { expect } from 'vitest';

/** The error `promise` rejects with; it must reject, with an Error. */
export async function failureOf(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}
