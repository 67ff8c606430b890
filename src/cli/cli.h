/* Internal: the `dmlp` command's subcommands. Each takes the arguments after its own
   name (argv[0] is the subcommand name) and returns the exit status: 0 success,
   1 failure (after printing "dmlp: <what>: <why>" to stderr), 2 wrong usage. `dmlp
   bench` is declared in cli_bench.h. */
#ifndef DMLP_CLI_H
#define DMLP_CLI_H

int dmlp_cli_run(int argc, char **argv);
int dmlp_cli_caps(int argc, char **argv);
int dmlp_cli_show(int argc, char **argv);
int dmlp_cli_onnx(int argc, char **argv);
int dmlp_cli_onnx_test(int argc, char **argv);
int dmlp_cli_dispatch(int argc, char **argv);

/* cli_common.c: */

/* --max-memory's value: sets the memory budget (io/budget.h); 0 if text is no size. */
int dmlp_cli_max_memory(const char *text);

/* Prints "dmlp: what: why" to stderr and returns 1. */
int dmlp_cli_fail(const char *what, const char *why);

/* Prints "dmlp: <subcommand>: message" and "usage: ..." to stderr; returns 2. */
int dmlp_cli_usage(const char *subcommand, const char *message, const char *usage);

#endif
