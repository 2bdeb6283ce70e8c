/** A form's outcome: the server's message when it failed, a confirmation when it worked. */
export interface FormOutcome {
  tone: 'success' | 'danger';
  message: string;
}
