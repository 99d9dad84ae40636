import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | undefined;

/**
 * A full garbage collection of this thread's heap, now. V8 lets garbage grow with the heap's
 * limit; a thread that ends one large phase and starts another (the upload's, between reading
 * and validating) frees the first phase's garbage before the second adds its own. gc() is a V8
 * flag's: set here, it is given to the context made next.
 */
export function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}
