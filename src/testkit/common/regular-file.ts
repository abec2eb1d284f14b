/**
 * Reading a file a setting names (a config file, a fixture, a key file): only a regular file is
 * read. A FIFO opened for reading waits for a writer and a device may never end, so the start
 * would hang silently; the file is opened without waiting (O_NONBLOCK), checked with fstat on
 * the same descriptor (nothing can swap it in between), and refused in one line when it is not
 * a regular file or is larger than the bound.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync, type Stats } from "node:fs";

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return "a directory";
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  return "not a file";
}

/** The text of a regular file; throws an Error whose message says in a few words why not. */
export function readRegularFile(path: string, maxBytes = Number.POSITIVE_INFINITY): string {
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new Error(`it is ${kindOf(stats)}, not a regular file: name a file`);
    if (stats.size > maxBytes) throw new Error(`${stats.size} bytes, more than the ${maxBytes} it may have`);
    return readFileSync(fd, "utf8");
  } finally {
    closeSync(fd);
  }
}
