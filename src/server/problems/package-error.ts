/** Why a problem package cannot be imported: the import call answers it as `{ message }`. */
export class PackageError extends Error {
  constructor(
    message: string,
    /** 413 for test data larger than a challenge can hold, else 400. */
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
    this.name = 'PackageError';
  }
}
