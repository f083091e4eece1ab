/**
 * The spec's response envelopes (section 7), kept at the wire so either side can be swapped for the
 * legacy system: `resultInfo` = { success, message, data } and the list form { success, object, rows,
 * total }. A failure is always { success: false, message } plus our `code` and, for unexpected errors,
 * the `requestId` the user can quote to support.
 */
export interface ResultInfo<T> {
  success: boolean;
  message: string;
  data: T;
}

export interface ObjectResult<T> {
  success: boolean;
  message?: string;
  object: T;
}

export interface PageResult<T> {
  success: boolean;
  message?: string;
  rows: T[];
  total: number;
}

export interface FailureEnvelope {
  success: false;
  message: string;
  data: null;
  code: string;
  field?: string;
  requestId?: string;
}

export const ok = <T>(data: T, message = '操作成功'): ResultInfo<T> => ({ success: true, message, data });
export const okObject = <T>(object: T, message?: string): ObjectResult<T> => ({
  success: true,
  ...(message === undefined ? {} : { message }),
  object,
});
export const okPage = <T>(rows: T[], total: number): PageResult<T> => ({ success: true, rows, total });

/**
 * A server type as the browser receives it in an envelope's JSON: dates arrive as ISO strings. The
 * console types its data with this instead of restating the server's row types.
 */
export type OnTheWire<T> = T extends Date
  ? string
  : T extends readonly (infer Item)[]
    ? OnTheWire<Item>[]
    : T extends object
      ? { [Key in keyof T]: OnTheWire<T[Key]> }
      : T;
