/* The program's handlers for SIGINT, SIGTERM and SIGHUP: remove every temporary file
   the output writer has open (io/temps.h), then die of the same signal, so the shell
   sees the usual status. Only the program installs them: the libraries just keep the
   list. */
#include "cli.h"
#include "io/temps.h"
#include "platform/signals.h"

static void on_signal(int sig)
{
    /* a rename of a set of outputs is under way: it raises the signal again when done */
    if (dmlp__temps_signal_held(sig))
        return;
    dmlp__temps_remove_all();
    dmlp__signal_die(sig);
}

void dmlp_cli_signals_install(void)
{
    dmlp__signals_on_terminate(on_signal);
}
