/* POSIX threads behind src/platform/thread.h. */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>

#include "platform/thread.h"

struct dmlp__thread {
    pthread_t id;
    void (*fn)(void *arg);
    void *arg;
};

struct dmlp__mutex {
    pthread_mutex_t m;
};

struct dmlp__cond {
    pthread_cond_t c;
};

static void *thread_main(void *p)
{
    dmlp__thread *t = p;
    t->fn(t->arg);
    return NULL;
}

dmlp__thread *dmlp__thread_start(void (*fn)(void *arg), void *arg)
{
    dmlp__thread *t = malloc(sizeof *t);
    if (!t)
        return NULL;
    t->fn = fn;
    t->arg = arg;
    /* The new thread inherits the signal mask: block everything around its start. */
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    int failed = pthread_create(&t->id, NULL, thread_main, t);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    if (failed) {
        free(t);
        return NULL;
    }
    return t;
}

void dmlp__thread_join(dmlp__thread *t)
{
    if (!t)
        return;
    pthread_join(t->id, NULL);
    free(t);
}

dmlp__mutex *dmlp__mutex_create(void)
{
    dmlp__mutex *m = malloc(sizeof *m);
    if (m && pthread_mutex_init(&m->m, NULL) != 0) {
        free(m);
        m = NULL;
    }
    return m;
}

void dmlp__mutex_destroy(dmlp__mutex *m)
{
    if (!m)
        return;
    pthread_mutex_destroy(&m->m);
    free(m);
}

void dmlp__mutex_lock(dmlp__mutex *m) { pthread_mutex_lock(&m->m); }
void dmlp__mutex_unlock(dmlp__mutex *m) { pthread_mutex_unlock(&m->m); }

dmlp__cond *dmlp__cond_create(void)
{
    dmlp__cond *c = malloc(sizeof *c);
    if (c && pthread_cond_init(&c->c, NULL) != 0) {
        free(c);
        c = NULL;
    }
    return c;
}

void dmlp__cond_destroy(dmlp__cond *c)
{
    if (!c)
        return;
    pthread_cond_destroy(&c->c);
    free(c);
}

void dmlp__cond_wait(dmlp__cond *c, dmlp__mutex *m) { pthread_cond_wait(&c->c, &m->m); }
void dmlp__cond_signal(dmlp__cond *c) { pthread_cond_signal(&c->c); }
void dmlp__cond_broadcast(dmlp__cond *c) { pthread_cond_broadcast(&c->c); }
