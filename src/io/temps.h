/* Internal: the process's list of temporary files that are being written, so that a
   signal handler can remove them all before the process dies. The list is usable from
   any thread and from library code; only a program installs the signal handlers
   (dmlp__temps_remove_on_signals). */
#ifndef DMLP_IO_TEMPS_H
#define DMLP_IO_TEMPS_H

#include <stdbool.h>

/* Longest temporary name, with its NUL (temps are named ".dmlp<pid>.<n>", hex). */
#define DMLP__TEMP_NAME_MAX 32

typedef struct dmlp__temp dmlp__temp;

/* Registers name (shorter than DMLP__TEMP_NAME_MAX) inside the directory open as dir;
   the registration keeps dir's number, so dir must stay open until unregistered.
   NULL when out of memory. */
dmlp__temp *dmlp__temp_register(int dir, const char *name);
/* Forgets a registration (the file has been renamed or removed). Accepts NULL. */
void dmlp__temp_unregister(dmlp__temp *temp);

/* Removes every registered file. Async-signal-safe: atomics and unlinkat only. */
void dmlp__temps_remove_all(void);

/* Between hold and release (they nest, across threads) a terminating signal must not cut
   a step that makes or renames temporaries in two: a handler that calls
   dmlp__temps_signal_held(sig) while something is held gets true, and release raises
   the signal again once nothing is held. */
void dmlp__temps_hold(void);
void dmlp__temps_release(void);
bool dmlp__temps_signal_held(int sig); /* async-signal-safe */

/* For programs only (libraries never install handlers): on SIGINT, SIGTERM and SIGHUP,
   removes every registered file, then dies of the same signal, so the shell sees the
   usual status. A signal that comes while something is held waits for the release. */
void dmlp__temps_remove_on_signals(void);

#endif
