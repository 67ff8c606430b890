/* The temporary-file list: fixed blocks of slots, appended and never freed, so a signal
   handler can walk it at any moment with plain atomic loads. */
#include "io/temps.h"

#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "platform/signals.h"

#define SLOTS_PER_BLOCK 64

enum { FREE, CLAIMED, LIVE };

struct dmlp__temp {
    atomic_int state;
    int dir;
    char name[DMLP__TEMP_NAME_MAX];
};

typedef struct block {
    struct dmlp__temp slots[SLOTS_PER_BLOCK];
    _Atomic(struct block *) next;
} block;

static block first;
static atomic_int held;
static atomic_int pending_signal;

static dmlp__temp *claim(block *b)
{
    for (int i = 0; i < SLOTS_PER_BLOCK; i++) {
        int expected = FREE;
        if (atomic_compare_exchange_strong(&b->slots[i].state, &expected, CLAIMED))
            return &b->slots[i];
    }
    return NULL;
}

dmlp__temp *dmlp__temp_register(int dir, const char *name)
{
    size_t n = strlen(name);
    if (n >= DMLP__TEMP_NAME_MAX)
        return NULL;
    dmlp__temp *slot = NULL;
    for (block *b = &first; !slot;) {
        slot = claim(b);
        if (slot)
            break;
        block *next = atomic_load(&b->next);
        if (!next) {
            block *fresh = calloc(1, sizeof *fresh);
            if (!fresh)
                return NULL;
            block *expected = NULL;
            if (atomic_compare_exchange_strong(&b->next, &expected, fresh))
                next = fresh;
            else {
                free(fresh); /* another thread appended first */
                next = expected;
            }
        }
        b = next;
    }
    slot->dir = dir;
    memcpy(slot->name, name, n + 1);
    atomic_store(&slot->state, LIVE);
    return slot;
}

void dmlp__temp_unregister(dmlp__temp *temp)
{
    if (temp)
        atomic_store(&temp->state, FREE);
}

void dmlp__temps_remove_all(void)
{
    for (block *b = &first; b; b = atomic_load(&b->next))
        for (int i = 0; i < SLOTS_PER_BLOCK; i++)
            if (atomic_load(&b->slots[i].state) == LIVE)
                unlinkat(b->slots[i].dir, b->slots[i].name, 0);
}

void dmlp__temps_hold(void)
{
    atomic_fetch_add(&held, 1);
}

void dmlp__temps_release(void)
{
    if (atomic_fetch_sub(&held, 1) == 1) {
        int sig = atomic_exchange(&pending_signal, 0);
        if (sig)
            raise(sig);
    }
}

bool dmlp__temps_signal_held(int sig)
{
    if (atomic_load(&held) == 0)
        return false;
    atomic_store(&pending_signal, sig);
    /* release may have run between the two loads: then nobody would raise it */
    if (atomic_load(&held) == 0 && atomic_exchange(&pending_signal, 0) == sig)
        return false;
    return true;
}

static void on_signal(int sig)
{
    /* a rename of a set of outputs is under way: it raises the signal again when done */
    if (dmlp__temps_signal_held(sig))
        return;
    dmlp__temps_remove_all();
    dmlp__signal_die(sig);
}

void dmlp__temps_remove_on_signals(void)
{
    dmlp__signals_on_terminate(on_signal);
}
