/** A file name is only a label in logs and reports: keep it short and plain, never a path. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(/[^\w. ()-]/g, '_').slice(0, 200) || 'upload';
}
