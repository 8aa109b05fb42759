/** A problem with an input file: names the file, the line (0 = the file as a whole) and the problem. */
export class InputError extends Error {
  readonly file: string;
  readonly line: number;
  readonly problem: string;
  constructor(file: string, line: number, problem: string) {
    super(line > 0 ? `${file}, line ${line}: ${problem}` : `${file}: ${problem}`);
    this.name = "InputError";
    this.file = file;
    this.line = line;
    this.problem = problem;
  }
}
