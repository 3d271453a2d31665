'use strict';
// The harness is plain JavaScript, so decorators are applied the way tsc's output applies them
// (experimentalDecorators + emitDecoratorMetadata): `Reflect.decorate([...decorators,
// Reflect.metadata('design:type', T)], target, key)`. Reflect.decorate runs the list from the last
// to the first, so the design:* metadata is in place before the user's decorators run, exactly as
// in compiled TypeScript. reflect-metadata must be loaded first (by the caller, from the copy its
// decorators use).

function requireReflect() {
  if (typeof Reflect.decorate !== 'function' || typeof Reflect.metadata !== 'function') {
    throw new Error('reflect-metadata is not loaded: require it before defining decorated classes');
  }
}

/**
 * Decorates one property as `@d1 @d2 prop!: T` would compile:
 * `__decorate([d1, d2, __metadata('design:type', T)], C.prototype, 'prop', void 0)`.
 */
function decorateProperty(cls, key, designType, decorators) {
  requireReflect();
  Reflect.decorate(
    [...decorators, Reflect.metadata('design:type', designType)],
    cls.prototype,
    key,
    undefined,
  );
}

/**
 * Decorates a class as `@d1 class C { constructor(a: A) {} }` compiles; returns the (possibly
 * replaced) class. `paramTypes` is emitted only when the class declares a constructor.
 */
function decorateClass(cls, decorators, paramTypes) {
  requireReflect();
  const list = paramTypes ? [...decorators, Reflect.metadata('design:paramtypes', paramTypes)] : decorators;
  return Reflect.decorate(list, cls);
}

/** Decorates a method as `@d m(a: A, ctx: C): R {}` compiles. */
function decorateMethod(cls, key, decorators, { paramTypes = [], returnType } = {}) {
  requireReflect();
  const list = [
    ...decorators,
    Reflect.metadata('design:type', Function),
    Reflect.metadata('design:paramtypes', paramTypes),
    Reflect.metadata('design:returntype', returnType),
  ];
  const proto = cls.prototype;
  const desc = Object.getOwnPropertyDescriptor(proto, key);
  const out = Reflect.decorate(list, proto, key, desc);
  if (out) Object.defineProperty(proto, key, out);
}

module.exports = { decorateProperty, decorateClass, decorateMethod };
