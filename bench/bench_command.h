/* `dmlp bench`, as the dmlp command calls it: the arguments after "dmlp" (argv[0] is
   "bench"); returns the exit status (0 done, 1 failed, 2 wrong usage), having printed
   its own messages and usage text. */
#ifndef DMLP_BENCH_COMMAND_H
#define DMLP_BENCH_COMMAND_H

int dmlp_bench_command(int argc, char **argv);

#endif
