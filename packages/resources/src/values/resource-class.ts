/**
 * A class whose instances are resource values (`Params`, `State`): constructible without
 * arguments, since plain data is turned into an instance with class-transformer.
 */
export type ResourceClass<T extends object = object> = new (...args: any[]) => T;
