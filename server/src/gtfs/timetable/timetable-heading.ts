/** Rows 1-2 of a timetable sheet: the `Service` and `Shape` headers and the ids below them. */
import { columnLetter, ref } from '../workbook-cells.ts';
import type { Context } from './read-context.ts';
import type { CellText } from './timetable-cells.ts';

export function readHeading(
  sheet: string,
  lastCol: number,
  text: CellText,
  ctx: Context,
): { serviceId: string; shapeId: string } {
  const problems = ctx.problems;
  let serviceCol = 0;
  let shapeCol = 0;
  for (let c = 1; c <= lastCol; c++) {
    const head = text(1, c).toLowerCase();
    if (head === 'service' && !serviceCol) serviceCol = c;
    if (head === 'shape' && !shapeCol) shapeCol = c;
  }
  for (const [col, name] of [
    [serviceCol, 'Service'],
    [shapeCol, 'Shape'],
  ] as const) {
    if (!col) {
      problems.push({
        code: 'missing_required_column',
        sheet,
        cell: 'A1',
        message: `Sheet "${sheet}" has no "${name}" header in row 1. Add ${name} in row 1 and its value in row 2.`,
      });
    }
  }
  const serviceId = serviceCol ? text(2, serviceCol) : '';
  if (serviceCol) {
    const address = `${columnLetter(serviceCol)}2`;
    if (serviceId === '') {
      problems.push({
        code: 'missing_service',
        sheet,
        cell: address,
        message: `${ref(sheet, address)} is empty. Type the service_id (e.g. WD) of the Services or CalendarDays sheet this timetable runs on.`,
      });
    } else if (!ctx.services.has(serviceId)) {
      problems.push({
        code: 'unknown_service',
        sheet,
        cell: address,
        message: `${ref(sheet, address)} names the service "${serviceId}", which is not a service_id of the Services or CalendarDays sheet. Correct it or add the service there.`,
      });
    }
  }
  const shapeId = shapeCol ? text(2, shapeCol) : '';
  if (shapeId !== '' && !ctx.shapes.has(shapeId)) {
    const address = `${columnLetter(shapeCol)}2`;
    problems.push({
      code: 'unknown_shape',
      sheet,
      cell: address,
      message: `${ref(sheet, address)} names the shape "${shapeId}", which is not a shape_id of the Shapes sheet. Correct it, add the shape, or leave the cell empty.`,
    });
  }
  return { serviceId, shapeId };
}
