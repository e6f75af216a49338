/** A one-line progress bar on standard error (a terminal redraws it; a CI log gets a line per tenth). */
export function progressBar(total: number, stream: NodeJS.WriteStream = process.stderr) {
  let lastTenth = -1;
  return {
    update(done: number, status: string) {
      const share = total > 0 ? Math.min(1, done / total) : 0;
      const width = 30;
      const filled = Math.round(share * width);
      const line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} runs ${status}`;
      if (stream.isTTY) stream.write(`\r${line}`);
      else if (Math.floor(share * 10) !== lastTenth) {
        lastTenth = Math.floor(share * 10);
        stream.write(`${line}\n`);
      }
    },
    end() {
      if (stream.isTTY) stream.write('\n');
    },
  };
}
