/* Internal: threads, locks and condition variables, as small opaque objects, so that the
   thread pool (src/core/threadpool.c) is written once for every operating system.
   POSIX implementation: src/platform/posix/thread.c. */
#ifndef DMLP_PLATFORM_THREAD_H
#define DMLP_PLATFORM_THREAD_H

#include <stdbool.h>

typedef struct dmlp__thread dmlp__thread;
typedef struct dmlp__mutex dmlp__mutex;
typedef struct dmlp__cond dmlp__cond;

/* Starts fn(arg) on a new thread that takes no asynchronous signals (the application's
   handlers run on its own threads). NULL when the thread or its memory cannot be had. */
dmlp__thread *dmlp__thread_start(void (*fn)(void *arg), void *arg);

/* Waits for the thread to return and frees it. */
void dmlp__thread_join(dmlp__thread *thread);

/* NULL when memory or the object cannot be had. Destroy accepts NULL. */
dmlp__mutex *dmlp__mutex_create(void);
void dmlp__mutex_destroy(dmlp__mutex *mutex);
void dmlp__mutex_lock(dmlp__mutex *mutex);
void dmlp__mutex_unlock(dmlp__mutex *mutex);

dmlp__cond *dmlp__cond_create(void);
void dmlp__cond_destroy(dmlp__cond *cond);
/* Unlocks mutex, sleeps until signalled (or spuriously), locks mutex again. */
void dmlp__cond_wait(dmlp__cond *cond, dmlp__mutex *mutex);
void dmlp__cond_signal(dmlp__cond *cond);
void dmlp__cond_broadcast(dmlp__cond *cond);

#endif
