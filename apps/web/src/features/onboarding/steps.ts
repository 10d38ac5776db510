/** What every step of the wizard is given by the page. */
export interface StepProps {
  userId: number;
  /** The server has this step done (G2). */
  done: boolean;
  /** The step's real effect may exist now: the page asks the server to mark it done. */
  onEffect: () => void;
}
