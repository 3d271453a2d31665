/** The data of a `T`: its properties without its methods, as a plain object may hold them. */
export type ResourceData<T> = {
  [K in keyof T as T[K] extends (...args: any[]) => unknown ? never : K]: T[K];
};
