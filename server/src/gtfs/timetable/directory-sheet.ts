/**
 * The Directory sheet: from column B, row 1 = a route's route_id or route_long_name, the cells
 * below = hyperlinks to that route's timetable sheets (docs/workbook.md).
 */
import type ExcelJS from 'exceljs';
import { column, type GtfsTable, type InputProblem } from '../tables.ts';
import {
  columnLetter,
  findSheet,
  readCell,
  ref,
  reportCellProblem,
  scalarText,
  sheetOfLink,
  usedRange,
} from '../workbook-cells.ts';
import type { Context } from './read-context.ts';

export const DIRECTORY_SHEET = 'Directory';

/** Fills `linked` (timetable sheet name → route_id, or the route name when it is unknown). */
export function readDirectory(
  ws: ExcelJS.Worksheet,
  routes: GtfsTable | undefined,
  ctx: Context,
  linked: Map<string, string>,
) {
  const names = routeNames(routes);
  const { lastRow, lastCol } = usedRange(ws);
  const linkedFrom = new Map<string, string>();
  for (let c = 2; c <= lastCol; c++) {
    const { routeName, routeId } = readRouteHead(ws, c, names, ctx.problems);
    for (let r = 2; r <= lastRow; r++) {
      const address = `${columnLetter(c)}${r}`;
      const ts = linkedSheet(ws.getRow(r).getCell(c), ws.name, address, ctx);
      if (!ts) continue;
      const before = linked.get(ts.name);
      const id = routeId ?? routeName;
      if (before !== undefined && before !== id) {
        ctx.problems.push({
          code: 'sheet_in_two_routes',
          sheet: ws.name,
          cell: address,
          message: `${ref(ws.name, address)} links the sheet "${ts.name}" to route ${id}, but ${linkedFrom.get(ts.name)} already links it to route ${before}. Link each timetable sheet under one route only.`,
        });
        continue;
      }
      if (before === undefined) {
        linked.set(ts.name, id);
        linkedFrom.set(ts.name, ref(ws.name, address));
      }
    }
  }
}

/** The Routes sheet's route_ids, and its route_long_names (trimmed) with the ids of each. */
type RouteNames = { ids: Set<string>; idsByName: Map<string, string[]> };

function routeNames(routes: GtfsTable | undefined): RouteNames {
  const names: RouteNames = { ids: new Set(), idsByName: new Map() };
  if (!routes) return names;
  const id = column(routes, 'route_id');
  const name = column(routes, 'route_long_name');
  if (id < 0) return names;
  for (const row of routes.rows) {
    names.ids.add(row[id]);
    if (name < 0) continue;
    const key = row[name].trim();
    const ids = names.idsByName.get(key) ?? [];
    if (!ids.includes(row[id])) ids.push(row[id]);
    names.idsByName.set(key, ids);
  }
  return names;
}

/**
 * The route_ids row 1 may mean: a route_id first (Caltrain's L1 and L2 are both
 * "Local", so only an id can tell them apart), then a route_long_name, exact before ignoring case.
 */
function routeIdsOf(head: string, names: RouteNames): string[] {
  if (names.ids.has(head)) return [head];
  const exact = names.idsByName.get(head);
  if (exact) return exact;
  const lower = head.toLowerCase();
  const ids = [...names.ids].filter((id) => id.toLowerCase() === lower);
  if (ids.length > 0) return ids;
  return [...names.idsByName].filter(([name]) => name.toLowerCase() === lower).flatMap(([, i]) => i);
}

/** Row 1 of column `c`: the route it names and its route_id (undefined, reported, when none or several). */
function readRouteHead(
  ws: ExcelJS.Worksheet,
  c: number,
  names: RouteNames,
  problems: InputProblem[],
): { routeName: string; routeId: string | undefined } {
  const sheet = ws.name;
  const headAddress = `${columnLetter(c)}1`;
  const routeName = scalarText(readCell(ws.getRow(1).getCell(c).value).value);
  const ids = routeName === '' ? [] : routeIdsOf(routeName, names);
  if (routeName === '') {
    problems.push({
      code: 'missing_route_name',
      sheet,
      cell: headAddress,
      message: `${ref(sheet, headAddress)} is empty but the column lists timetables. Type the route's route_id (or its route_long_name) from the Routes sheet in row 1.`,
    });
  } else if (ids.length === 0) {
    problems.push({
      code: 'unknown_route',
      sheet,
      cell: headAddress,
      message: `${ref(sheet, headAddress)} names the route "${routeName}", which is neither a route_id nor a route_long_name in the Routes sheet. Correct the name or add the route to the Routes sheet.`,
    });
  } else if (ids.length > 1) {
    const listed = ids.map((id) => `"${id}"`);
    problems.push({
      code: 'ambiguous_route',
      sheet,
      cell: headAddress,
      message: `${ref(sheet, headAddress)} names the route "${routeName}", which is the route_long_name of ${ids.length} routes in the Routes sheet (route_id ${listed.slice(0, -1).join(', ')} and ${listed.at(-1)}). Type the route_id instead, in one column per route.`,
    });
  }
  return { routeName, routeId: ids.length === 1 ? ids[0] : undefined };
}

/** The sheet a Directory cell links to; undefined (with the problem reported) when it links nowhere. */
function linkedSheet(
  cell: ExcelJS.Cell,
  sheet: string,
  address: string,
  ctx: Context,
): ExcelJS.Worksheet | undefined {
  const read = readCell(cell.value);
  const target = read.hyperlink ?? (cell.hyperlink || undefined);
  // The label is only a label: a formula without a saved label still links.
  if (!target) reportCellProblem(read, sheet, address, ctx.problems);
  if (!target && scalarText(read.value) === '') return undefined;
  if (!target) {
    ctx.problems.push({
      code: 'not_a_hyperlink',
      sheet,
      cell: address,
      message: `${ref(sheet, address)} is not a hyperlink. Make it a hyperlink to its timetable sheet (Insert > Link > Place in This Document), or clear it.`,
    });
    return undefined;
  }
  const targetSheet = sheetOfLink(target);
  const ts =
    targetSheet === undefined
      ? undefined
      : (ctx.wb.getWorksheet(targetSheet) ?? findSheet(ctx.wb, targetSheet));
  if (!ts) {
    ctx.problems.push({
      code: 'missing_sheet',
      sheet,
      cell: address,
      message:
        targetSheet === undefined
          ? `${ref(sheet, address)} links to "${target}", outside the workbook. Link it to a timetable sheet of this workbook.`
          : `${ref(sheet, address)} links to the sheet "${targetSheet}", which does not exist. Correct the hyperlink or add the sheet.`,
    });
  }
  return ts;
}
