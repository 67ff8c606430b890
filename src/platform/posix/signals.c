/* Terminating signals (signals.h) with POSIX sigaction. */
#include "platform/signals.h"

#include <signal.h>
#include <string.h>

static const int terminating[] = {SIGINT, SIGTERM, SIGHUP};
#define COUNT (sizeof terminating / sizeof terminating[0])

void dmlp__signals_on_terminate(void (*handler)(int sig))
{
    for (size_t i = 0; i < COUNT; i++) {
        struct sigaction old, sa;
        if (sigaction(terminating[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
            continue;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = handler;
        sigemptyset(&sa.sa_mask);
        for (size_t k = 0; k < COUNT; k++)
            sigaddset(&sa.sa_mask, terminating[k]);
        sigaction(terminating[i], &sa, NULL);
    }
}

void dmlp__signal_die(int sig)
{
    signal(sig, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
}
