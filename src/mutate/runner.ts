/** What a catalogue runner tells about one build of the contract: the properties that failed and passed. */
export interface CatalogueVerdict {
  /** Property ids (`runner:id`) that failed. */
  failed: string[];
  /** Property ids (`runner:id`) that passed. */
  passed: string[];
  /** The run did not finish in time. */
  timedOut?: boolean;
}

/** One mutant's change: the whole text of the file it changes (relative to the project root). */
export interface MutantChange {
  file: string;
  text: string;
}

/** A build of the project under test: the mutant's change (none for the original) and what it built. */
export interface MutantBuild {
  name: string;
  change?: MutantChange;
  /** Creation code (EVM) or program binary (SVM). */
  artifact: Uint8Array | `0x${string}`;
}

/** One of the shipped catalogues, run against one build at a time; `worker` is below the run's job count. */
export interface CatalogueRunner {
  /** Prefix of its property ids, e.g. `ts` or `sol`. */
  label: string;
  /** Called once before the control run with the number of parallel workers. */
  start?(workers: number): Promise<void>;
  run(build: MutantBuild, worker: number): Promise<CatalogueVerdict>;
  stop?(): Promise<void>;
}
