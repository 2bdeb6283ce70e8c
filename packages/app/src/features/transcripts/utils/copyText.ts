interface Toasts {
  success: (message: string) => unknown;
  destructive: (message: string) => unknown;
}

/** Copies a transcript's text and says whether it worked. */
export async function copyText(text: string, toast: Toasts): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Transcript copied to the clipboard');
  } catch {
    toast.destructive('Could not copy: your browser blocked clipboard access');
  }
}
