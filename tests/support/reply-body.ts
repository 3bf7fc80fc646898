/**
 * A reply's envelope as the route tests read it. The result is read freely, field by field: the
 * routes' own response schemas already check its shape, and a test asserts the values it needs.
 */
export interface ReplyBody {
  code: unknown;
  message: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  result: any;
}
