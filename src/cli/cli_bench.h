/* Internal: the `dmlp bench` subcommand, declared on the command's side and implemented
   by bench/ (bench_main.c, in the dmlp_bench library the command links), so that the
   command includes no header of bench's and bench calls nothing of the command's. As
   the other subcommands (cli.h): the arguments after "dmlp" (argv[0] is "bench"); returns
   the exit status (0 done, 1 failed, 2 wrong usage), having printed its own messages and
   usage text. */
#ifndef DMLP_CLI_BENCH_H
#define DMLP_CLI_BENCH_H

int dmlp_cli_bench(int argc, char **argv);

#endif
