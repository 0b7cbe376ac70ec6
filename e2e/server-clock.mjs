// A moved clock for a server the browser tests start themselves (e2e/private-server.ts): loaded into
// that server's process only (`NODE_OPTIONS=--import …`), never into the app's code. It does what a
// tester does to a staging server with faketime: the process's wall clock (Date, and with it the embedded
// PGlite's now()) runs `offset` ms from the real one, the offset read from the file TEST_CLOCK_FILE and
// re-read whenever the file changes, so a test can play "last week" and then move on to this week.
import { readFileSync, watchFile } from 'node:fs';

const file = process.env.TEST_CLOCK_FILE;
let offset = 0;
const read = () => {
  try {
    const next = Number(readFileSync(file, 'utf8').trim());
    if (Number.isFinite(next)) offset = next;
  } catch {
    // No file yet: the real clock.
  }
};
if (file) {
  read();
  watchFile(file, { interval: 100, persistent: false }, read);
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
}
