// The public API of @toolwright/expr: boolean expressions over any leaf type, evaluated, explained and formatted.
export { Expr } from './expr';
export type { AndExpr, FalseExpr, NotExpr, OrExpr, TrueExpr, ValueExpr } from './expr';
export { evaluate } from './evaluate';
export { explain } from './explain';
export type { Explanation, Reason } from './explanation';
export { formatExpr } from './format-expr';
export { leaves } from './leaves';
export { mapLeaves } from './map-leaves';
