// The one uuid format of the service's input (issue 12): 8-4-4-4-12 hexadecimal digits, any case,
// and never the nil uuid (all zeros) nor the max uuid (all f), which identify no record.
export const RECORD_UUID_RE = /^(?!0{8}-0{4}-0{4}-0{4}-0{12}$)(?![fF]{8}-[fF]{4}-[fF]{4}-[fF]{4}-[fF]{12}$)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isRecordUuid(text: string): boolean {
  return RECORD_UUID_RE.test(text);
}
