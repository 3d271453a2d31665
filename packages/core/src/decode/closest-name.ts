// The suggestion rule for unknown properties is the tool set's: one rule for every name a model mistypes.
export { closestName } from '../toolset/closest-name';
