import type { ArgsModel, PropertyModel } from '../model/args-model';
import type { ArrayNode, EnumNode, NumberNode, StringNode, TypeNode } from '../model/args-model';

// Enough values to pick from; a longer list would crowd out the other issues.
const MAX_LISTED_VALUES = 20;
const MAX_LISTED_PROPERTIES = 12;

/** What a property accepts, in words the model can act on: `an integer >= 1`, `… or null`. */
export function describeProperty(property: PropertyModel): string {
  const text = describeExpected(property.type);
  return property.nullable ? `${text} or null` : text;
}

/** What a value of a type node must be, in words: `a string of at least 1 character`. */
export function describeExpected(node: TypeNode): string {
  switch (node.kind) {
    case 'string':
      return describeString(node);
    case 'number':
      return describeNumber(node);
    case 'boolean':
      return 'a boolean (true or false)';
    case 'enum':
      return describeEnum(node);
    case 'array':
      return describeArray(node);
    case 'object':
      return describeObject(node.model);
  }
}

function describeString(node: StringNode): string {
  let text = 'a string';
  const { minLength: min, maxLength: max } = node;
  if (min !== undefined && max !== undefined) {
    text += min === max ? ` of exactly ${characters(min)}` : ` of ${min} to ${characters(max)}`;
  } else if (min !== undefined && min > 0) {
    text += ` of at least ${characters(min)}`;
  } else if (max !== undefined) {
    text += ` of at most ${characters(max)}`;
  }
  if (node.pattern !== undefined) text += ` matching /${node.pattern}/`;
  if (node.format !== undefined) text += ` in ${node.format} format`;
  return text;
}

function characters(count: number): string {
  return count === 1 ? '1 character' : `${count} characters`;
}

function describeNumber(node: NumberNode): string {
  const noun = node.integer ? 'an integer' : 'a number';
  const bounds: string[] = [];
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = node;
  if (
    minimum !== undefined &&
    maximum !== undefined &&
    exclusiveMinimum === undefined &&
    exclusiveMaximum === undefined
  ) {
    bounds.push(minimum === maximum ? `equal to ${minimum}` : `from ${minimum} to ${maximum}`);
  } else {
    if (minimum !== undefined) bounds.push(`>= ${minimum}`);
    if (exclusiveMinimum !== undefined) bounds.push(`> ${exclusiveMinimum}`);
    if (maximum !== undefined) bounds.push(`<= ${maximum}`);
    if (exclusiveMaximum !== undefined) bounds.push(`< ${exclusiveMaximum}`);
  }
  if (node.multipleOf !== undefined) bounds.push(`a multiple of ${node.multipleOf}`);
  return bounds.length === 0 ? noun : `${noun} ${bounds.join(' and ')}`;
}

function describeEnum(node: EnumNode): string {
  const shown = node.values.slice(0, MAX_LISTED_VALUES).map((v) => JSON.stringify(v));
  const more = node.values.length - shown.length;
  if (node.values.length === 1) return `exactly ${shown[0]}`;
  return `one of ${shown.join(', ')}${more > 0 ? ` (and ${more} more)` : ''}`;
}

function describeArray(node: ArrayNode): string {
  const items = itemNoun(node.items);
  const { minItems: min, maxItems: max } = node;
  let text: string;
  if (min !== undefined && max !== undefined) {
    text = min === max ? `an array of exactly ${min} ${items}` : `an array of ${min} to ${max} ${items}`;
  } else if (min !== undefined && min > 0) {
    text = `an array of at least ${min} ${items}`;
  } else if (max !== undefined) {
    text = `an array of at most ${max} ${items}`;
  } else {
    text = `an array of ${items}`;
  }
  return node.uniqueItems === true ? `${text}, all different` : text;
}

function itemNoun(node: TypeNode): string {
  switch (node.kind) {
    case 'string':
      return 'strings';
    case 'number':
      return node.integer ? 'integers' : 'numbers';
    case 'boolean':
      return 'booleans';
    case 'enum':
      return 'values';
    case 'array':
      return 'arrays';
    case 'object':
      return 'objects';
  }
}

function describeObject(model: ArgsModel): string {
  const names = model.properties.map((p) => p.name);
  if (names.length === 0) return 'an object';
  const shown = names.slice(0, MAX_LISTED_PROPERTIES).join(', ');
  return `an object with ${names.length === 1 ? 'property' : 'properties'} ${shown}${names.length > MAX_LISTED_PROPERTIES ? ', …' : ''}`;
}

/** The allowed property names of a model, for an unknown-property issue. */
export function describeAllowed(model: ArgsModel): string {
  const names = model.properties.map((p) => p.name);
  if (names.length === 0) return 'no properties';
  const shown = names.slice(0, MAX_LISTED_PROPERTIES * 2).join(', ');
  return names.length > MAX_LISTED_PROPERTIES * 2 ? `${shown}, …` : shown;
}
