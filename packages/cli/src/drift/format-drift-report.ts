import type { Styler } from '../io/styler';
import type { DriftReport } from './drift-report';

/** The text report of `check-schemas`: every drift with where it is and its fix, then notes on tools not compared. */
export function formatDriftReport(report: DriftReport, style: Styler): string {
  const lines: string[] = [];
  const { drifts, checked } = report;
  if (drifts.length === 0) {
    const classes = [...new Set(checked.map((entry) => entry.argsClass))];
    const agree = `${classes.length} args ${classes.length === 1 ? 'class' : 'classes'} (${checked.length} ${checked.length === 1 ? 'tool' : 'tools'}) agree with their TypeScript types`;
    const notChecked = report.unchecked.length + report.uncheckedProperties.length;
    // "✔ no drift" only when everything was read: what could not be compared is never called agreeing.
    lines.push(
      notChecked === 0
        ? `${style.green('✔ no drift')}: ${agree}` + (classes.length === 0 ? '' : `: ${classes.join(', ')}`)
        : `no drift found where compared: ${agree}` +
            (classes.length === 0 ? '' : ` (${classes.join(', ')})`) +
            `; ${notChecked} not checked, listed below`,
    );
  } else {
    lines.push(
      style.red(
        style.bold(
          `${drifts.length} ${drifts.length === 1 ? 'drift' : 'drifts'} between the decorator schemas and the TypeScript types`,
        ),
      ),
      '',
    );
    for (const drift of drifts) {
      lines.push(
        `  ${style.red('-')} ${drift.argsClass}.${drift.property} [${drift.code}] (used by ${drift.tools.join(', ')})` +
          (drift.location === undefined ? '' : ` at ${drift.location}`),
        `    ${drift.message}`,
        `    ${style.green(`Fix: ${drift.fix}`)}`,
      );
    }
  }
  if (report.withoutArguments.length > 0)
    lines.push(style.dim(`no arguments to compare: ${report.withoutArguments.join(', ')}`));
  for (const entry of report.unchecked)
    lines.push(style.yellow(`not checked: ${entry.tool}: ${entry.reason}`));
  for (const entry of report.uncheckedProperties)
    lines.push(style.yellow(`not checked: ${entry.argsClass}.${entry.property}: ${entry.reason}`));
  return `${lines.join('\n')}\n`;
}
