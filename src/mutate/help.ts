export const MUTATE_HELP = `attestkit mutate [options]

Makes one-change copies (mutants) of your receiver, runs attestkit's conformance catalogue on each, and
reports how many it caught (the mutation score) and every mutant it missed: file:line, the change,
and the property classes that passed anyway. Mutants that build to the original's exact bytes are
reported as equivalent, mutants that build to another mutant's bytes as its duplicates (neither counts).

Solidity (mutants by universalmutator ${"1.14.1"}, installed on first use into ~/.cache/attestkit; needs python3):
  --contract <file>:<Name>  the contract to mutate, e.g. src/TipJarReceiver.sol:TipJarReceiver
  --test <command>          runs your Solidity catalogue test on each mutant, in a private copy of the
                            project, e.g. "npx hardhat test solidity test/TipJarReceiver.t.sol"
  --adapter <module>        runs the TypeScript catalogue: the module's default export takes
                            (bytecode, name) and returns your adapter (attestedReceiverAdapter-style)

SVM (mutants by cargo-mutants ${"27.1.0"}, installed on first use with cargo install):
  --program <dir>:<package> the Cargo workspace (or crate) and the package to mutate
  --build <command>         builds the program in a copy of <dir>
  --so <path>               the program binary the build writes, relative to <dir>
  --adapter <module>        default export takes (elf, svm, name) and returns your SVM adapter

Both:
  --catalogue <c>           attestations (default) or orders
  --sample <n>              only n of the generated mutants, picked with --seed
  --seed <n>                seed of --sample (default 1: the same mutants every run)
  --max-mutants <n>         run the catalogue on at most n distinct mutants
  --jobs <n>                mutants run in parallel (default: the number of cores)
  --threshold <percent>     exit 1 when the score is below it
  --report <file>           the report in the mutation-testing-report schema (Stryker's HTML viewer
                            and dashboard read it; default mutation-report.json)
  --root <dir>              the project folder (default: the current one)
  -h, --help                this text

Exit code: 0 done (and at or above --threshold), 1 under --threshold or a run that could not judge
its mutants (the catalogue fails on the unmutated contract, a tool is missing), 2 a bad option.`;
