import { transit_realtime } from '@feeddesk/proto';
import { z } from 'zod';
import { TEMPLATE_ACTIONS } from '../../disruptions/disruption-input.ts';

/** The names of a protobuf enum (protobufjs keeps the numbers on the prototype). */
const names = (values: object) => Object.keys(values) as [string, ...string[]];

const languageTag = z
  .string()
  .min(2)
  .max(35)
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'a language tag such as en-ZA or nd');

const templateText = z.object({
  headerText: z.string().max(500),
  descriptionText: z.string().max(5000),
  url: z.string().max(2000),
});

export const saveAlertTemplateInput = z.object({
  id: z.string().max(200).optional(),
  name: z.string().trim().min(1, 'a name').max(200),
  action: z.enum(TEMPLATE_ACTIONS).nullable().default(null),
  cause: z.enum(names(transit_realtime.Alert.Cause)),
  effect: z.enum(names(transit_realtime.Alert.Effect)),
  severity: z.enum(names(transit_realtime.Alert.SeverityLevel)),
  texts: z.record(languageTag, templateText),
});

export const deleteAlertTemplateInput = z.object({ id: z.string().max(200) });
