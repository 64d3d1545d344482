export function electronBinary(options?: { download?: boolean }): {
  binary: string | null;
  reason: string | null;
};
