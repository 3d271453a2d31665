/** A decorator usable only on a method (of a service class). */
export type CatalogMethodDecorator = (
  target: object,
  propertyKey: string | symbol,
  descriptor?: PropertyDescriptor,
) => void;
