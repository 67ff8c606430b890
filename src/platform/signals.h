/* Internal: the terminating signals a program cleans up after (SIGINT, SIGTERM, SIGHUP)
   (src/platform/posix/signals.c). Only programs install handlers; libraries never do. */
#ifndef DMLP_PLATFORM_SIGNALS_H
#define DMLP_PLATFORM_SIGNALS_H

/* Calls handler(sig) on SIGINT, SIGTERM and SIGHUP, with all three blocked meanwhile. A
   signal the process was started with ignored (nohup) stays ignored. */
void dmlp__signals_on_terminate(void (*handler)(int sig));

/* From a handler: dies of sig as if no handler had been installed (the default action,
   so the parent sees the signal as the cause). Async-signal-safe. */
void dmlp__signal_die(int sig);

#endif
