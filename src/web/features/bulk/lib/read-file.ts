// A file's text: UTF-8 when it is (with or without BOM), else Windows-1252, which Excel in Portuguese saves
// "CSV (separado por vírgulas)" in; so 'João' reads as João either way.
export async function readText(file: Blob): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
