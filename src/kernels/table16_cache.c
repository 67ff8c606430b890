/* The 16-bit tables made by the arguments they were asked for (table16_cache.h). Keys are
   published into a fixed array under a mutex and read without one; each key's table is
   made by the first caller to find 65,536 elements counted to it, the others running the
   reference meanwhile. */
#include "kernels/table16_cache.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

typedef struct table16_key {
    void (*reference)(void); /* a dmlp__unary_kernel, or a dmlp__binary_kernel when the
                                key has a broadcast input (scalar not 0) */
    float param[4];
    uint32_t scale_bias;
    float scale, bias;
    uint32_t scalar; /* DMLP__SCALAR_A or _B: that input is `value` for every element */
    uint32_t value;
} table16_key;

typedef struct table16_slot {
    table16_key key;                /* written once, before the slot is published */
    _Atomic uint64_t seen;          /* elements counted to the key */
    atomic_int claimed;             /* a caller has begun (or given up) its table */
    _Atomic(const uint16_t *) table;
} table16_slot;

static table16_slot slots[DMLP__TABLE16_KEYS];
static atomic_uint published; /* slots[0, published) hold their keys */
static atomic_uint tables_begun;
static pthread_mutex_t adding = PTHREAD_MUTEX_INITIALIZER;

static table16_slot *search(const table16_key *key, unsigned from, unsigned to)
{
    for (unsigned i = from; i < to; i++)
        if (memcmp(&slots[i].key, key, sizeof *key) == 0)
            return &slots[i];
    return NULL;
}

/* The key's slot, added if new; NULL when every slot holds another key. */
static table16_slot *find(const table16_key *key)
{
    unsigned count = atomic_load_explicit(&published, memory_order_acquire);
    table16_slot *slot = search(key, 0, count);
    if (slot)
        return slot;
    pthread_mutex_lock(&adding);
    unsigned now = atomic_load_explicit(&published, memory_order_relaxed);
    slot = search(key, count, now);
    if (!slot && now < DMLP__TABLE16_KEYS) {
        slot = &slots[now];
        slot->key = *key;
        atomic_store_explicit(&published, now + 1, memory_order_release);
    }
    pthread_mutex_unlock(&adding);
    return slot;
}

static const uint16_t *make(const table16_key *key, const dmlp__kernel_args *args)
{
    uint16_t *values = malloc(DMLP__TABLE16_ENTRIES * sizeof *values);
    if (!values)
        return NULL;
    values[65536] = 0;
    dmlp__kernel_args own = *args;
    own.streaming = 0;
    uint16_t inputs[1024], one = (uint16_t)key->value;
    for (uint32_t base = 0; base < 65536; base += 1024) {
        for (uint32_t i = 0; i < 1024; i++)
            inputs[i] = (uint16_t)(base + i);
        if (!key->scalar) {
            ((dmlp__unary_kernel)key->reference)(1024, inputs, values + base, &own);
            continue;
        }
        const uint16_t *a = key->scalar == DMLP__SCALAR_A ? &one : inputs;
        const uint16_t *b = key->scalar == DMLP__SCALAR_B ? &one : inputs;
        ((dmlp__binary_kernel)key->reference)(1024, a, b, values + base, key->scalar, &own);
    }
    return values;
}

static const uint16_t *table_for(table16_key *key, size_t n, const dmlp__kernel_args *args)
{
    memcpy(key->param, args->param, sizeof key->param);
    if (args->scale_bias) {
        key->scale_bias = 1;
        key->scale = args->scale;
        key->bias = args->bias;
    }
    table16_slot *slot = find(key);
    if (!slot)
        return NULL;
    const uint16_t *table = atomic_load_explicit(&slot->table, memory_order_acquire);
    if (table)
        return table;
    if (atomic_fetch_add_explicit(&slot->seen, n, memory_order_relaxed) + n < 65536)
        return NULL;
    /* one caller makes it; a key past the limit, or whose allocation failed, stays
       claimed and runs the reference from then on */
    if (atomic_exchange_explicit(&slot->claimed, 1, memory_order_relaxed))
        return NULL;
    if (atomic_fetch_add_explicit(&tables_begun, 1, memory_order_relaxed) >=
        DMLP__TABLE16_TABLES)
        return NULL;
    table = make(key, args);
    if (table)
        atomic_store_explicit(&slot->table, table, memory_order_release);
    return table;
}

const uint16_t *dmlp__table16_for(dmlp__unary_kernel reference, size_t n,
                                  const dmlp__kernel_args *args)
{
    table16_key key;
    memset(&key, 0, sizeof key); /* the padding compares too */
    key.reference = (void (*)(void))reference;
    return table_for(&key, n, args);
}

const uint16_t *dmlp__table16_for_pair(dmlp__binary_kernel reference, uint32_t scalar,
                                       uint16_t value, size_t n,
                                       const dmlp__kernel_args *args)
{
    table16_key key;
    memset(&key, 0, sizeof key);
    key.reference = (void (*)(void))reference;
    key.scalar = scalar;
    key.value = value;
    return table_for(&key, n, args);
}

/* One loop for every kernel, on a 64-byte boundary: inlined into each kernel, the same
   scalar loop ran at 7.3 or 12 GB/s on a Zen 4 by where the linker placed it. Four loads
   before four stores: 14 GB/s. AVX2 and AVX-512 kernels may read by gathers instead
   where measured faster (vector_stream.inc's table16_run; 10 GB/s on that Zen 4). */
__attribute__((aligned(64))) void dmlp__table16_lookup(size_t n, const void *in, void *out,
                                                       const uint16_t *table)
{
    const unsigned char *src = in;
    unsigned char *dst = out;
    size_t i = 0;
    for (; n - i >= 4; i += 4) {
        uint16_t x[4], y[4];
        memcpy(x, src + 2 * i, sizeof x);
        for (int k = 0; k < 4; k++)
            y[k] = table[x[k]];
        memcpy(dst + 2 * i, y, sizeof y);
    }
    for (; i < n; i++) {
        uint16_t x;
        memcpy(&x, src + 2 * i, 2);
        memcpy(dst + 2 * i, &table[x], 2);
    }
}

unsigned dmlp__table16_made(void)
{
    unsigned made = 0, count = atomic_load_explicit(&published, memory_order_acquire);
    for (unsigned i = 0; i < count; i++)
        made += atomic_load_explicit(&slots[i].table, memory_order_acquire) != NULL;
    return made;
}
