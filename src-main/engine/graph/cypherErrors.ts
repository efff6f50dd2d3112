// Why a console query gave no rows: refused by the read-only gate, stopped at its timeout, or failed in Kuzu.

export class CypherRefusedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'CypherRefusedError';
  }
}

export class CypherFailedError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = 'CypherFailedError';
  }
}
