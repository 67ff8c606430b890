/* Devices and operators, created once and reused: a device per (feature level, thread
   count), an operator per (operator, options, types, normalized layout), its descriptor
   made by the registry. Every lookup
   runs with the GIL held; an operator in use by a call that released the GIL is held, so
   eviction only unlinks it and the last holder destroys it. */
#include "dmlp_py.h"

#include <stdlib.h>
#include <string.h>

typedef struct cache_key {
    dmlp_py_options options;
    uint32_t in_types[DMLP__MAX_INPUTS], out_type; /* input i's type; the output's */
    uint32_t pad;                                   /* zero: keeps the key whole words */
    dmlp_py_layout layout;
} cache_key;
_Static_assert(sizeof(cache_key) % 8 == 0, "hash_words reads the key in 8-byte words");

struct dmlp_py_cached_op {
    cache_key key;
    uint64_t hash;
    dmlp_operator *op;
    uint32_t holders;
    int evicted;
};

/* At most this many operators live at once; when full the unheld ones are destroyed. */
#define TABLE_SLOTS 512
#define TABLE_LIMIT 256

static dmlp_py_cached_op *table[TABLE_SLOTS];
static Py_ssize_t table_count;

typedef struct device_entry {
    uint32_t feature_level, threads;
    dmlp_device *device;
} device_entry;

static device_entry *devices;
static size_t device_count, device_capacity;

/* FNV-1a over 64-bit words (the key is zero-filled to a multiple of 8 bytes), then a
   final mix: a call hashes its whole key, so this is on every call's path. */
static uint64_t hash_words(const void *p, size_t n)
{
    const unsigned char *b = p;
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, b + i, 8);
        h = (h ^ w) * 1099511628211ull;
    }
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ull;
    return h ^ (h >> 32);
}

dmlp_device *dmlp_py_device(uint32_t feature_level, uint32_t threads)
{
    for (size_t i = 0; i < device_count; i++)
        if (devices[i].feature_level == feature_level && devices[i].threads == threads)
            return devices[i].device;
    if (device_count == device_capacity) {
        size_t capacity = device_capacity ? device_capacity * 2 : 8;
        device_entry *grown = realloc(devices, capacity * sizeof *grown);
        if (!grown) {
            PyErr_NoMemory();
            return NULL;
        }
        devices = grown;
        device_capacity = capacity;
    }
    /* No level asked: 6_4 with the extensions (float64, bfloat16, NaN propagation).
       A level asked: DirectML's tables exactly, as a DirectML device has them. */
    dmlp_device_desc desc = {(DML_FEATURE_LEVEL)feature_level, threads,
                             feature_level ? 0u : DMLP_DEVICE_FLAG_EXTENSIONS};
    dmlp_device *device = NULL;
    if (dmlp_device_create(&desc, &device) != DMLP_OK) {
        dmlp_py_raise_library("device");
        return NULL;
    }
    devices[device_count++] = (device_entry){feature_level, threads, device};
    return device;
}

static void destroy_entry(dmlp_py_cached_op *entry)
{
    dmlp_operator_destroy(entry->op);
    free(entry);
}

/* Empties the table; held operators are destroyed by their last holder. */
static void evict_all(void)
{
    for (size_t i = 0; i < TABLE_SLOTS; i++) {
        dmlp_py_cached_op *entry = table[i];
        if (!entry)
            continue;
        table[i] = NULL;
        if (entry->holders)
            entry->evicted = 1;
        else
            destroy_entry(entry);
    }
    table_count = 0;
}

/* Packed row-major strides are passed as NULL, the form the library plans best. */
static const uint32_t *strides_or_null(const dmlp_py_layout *l, const uint32_t *strides)
{
    uint64_t packed = 1;
    for (uint32_t i = l->rank; i-- > 0;) {
        if (l->sizes[i] > 1 && strides[i] != packed)
            return strides;
        packed *= l->sizes[i];
    }
    return NULL;
}

/* The operator for a key: its descriptor made by the registry (dmlp__desc_build_inputs)
   over buffer tensors of the layout. */
static dmlp_operator *create(const cache_key *key)
{
    const dmlp_py_options *o = &key->options;
    dmlp_device *device = dmlp_py_device(o->feature_level, o->threads);
    if (!device)
        return NULL;
    const dmlp_py_layout *l = &key->layout;
    uint32_t n = dmlp__op_input_count(o->def);
    DML_BUFFER_TENSOR_DESC in[DMLP__MAX_INPUTS];
    const DML_BUFFER_TENSOR_DESC *inputs[DMLP__MAX_INPUTS];
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t *strides = strides_or_null(l, l->in_strides[i]);
        in[i] = (DML_BUFFER_TENSOR_DESC){
            (DML_TENSOR_DATA_TYPE)key->in_types[i], DML_TENSOR_FLAG_NONE, l->rank, l->sizes,
            strides,
            dmlp_calc_buffer_tensor_size((DML_TENSOR_DATA_TYPE)key->in_types[i], l->rank,
                                         l->sizes, strides),
            0};
        /* an absent optional input (no type): its member NULL */
        inputs[i] = key->in_types[i] == DML_TENSOR_DATA_TYPE_UNKNOWN ? NULL : &in[i];
    }
    const uint32_t *out_strides = strides_or_null(l, l->out_strides);
    DML_BUFFER_TENSOR_DESC out = {
        (DML_TENSOR_DATA_TYPE)key->out_type, DML_TENSOR_FLAG_NONE, l->rank, l->sizes,
        out_strides,
        dmlp_calc_buffer_tensor_size((DML_TENSOR_DATA_TYPE)key->out_type, l->rank, l->sizes,
                                     out_strides),
        0};
    DML_SCALE_BIAS scale_bias = {o->scale, o->bias};
    dmlp__op_params params = {.mode = (DML_IS_INFINITY_MODE)o->mode,
                              .scale_bias = o->has_scale_bias ? &scale_bias : NULL,
                              .fused_activation = (DML_OPERATOR_TYPE)o->fused,
                              .rounding = (DML_ROUNDING_MODE)o->rounding};
    memcpy(params.floats, o->floats, sizeof params.floats);
    memcpy(params.fused_floats, o->fused_floats, sizeof params.fused_floats);
    memcpy(params.scalars, o->scalars, sizeof params.scalars);
    dmlp__desc_storage storage;
    const DML_OPERATOR_DESC *desc = dmlp__desc_build_inputs(&storage, o->def, inputs, &out,
                                                            &params);
    dmlp_operator *op = NULL;
    if (dmlp_operator_create(device, desc, o->flags, &op) != DMLP_OK) {
        dmlp_py_raise_library(o->def->python_name);
        return NULL;
    }
    return op;
}

dmlp_py_cached_op *dmlp_py_op_acquire(const dmlp_py_options *options,
                                      const uint32_t *in_types, uint32_t out_type,
                                      const dmlp_py_layout *layout)
{
    cache_key key;
    memset(&key, 0, sizeof key);
    memcpy(&key.options, options, sizeof key.options); /* padding too: the caller zeroed it */
    for (uint32_t k = 0; k < dmlp__op_input_count(options->def) && k < DMLP__MAX_INPUTS; k++)
        key.in_types[k] = in_types[k];
    key.out_type = out_type;
    key.layout.rank = layout->rank;
    for (uint32_t i = 0; i < layout->rank; i++) {
        key.layout.sizes[i] = layout->sizes[i];
        for (uint32_t k = 0; k < DMLP__MAX_INPUTS; k++)
            key.layout.in_strides[k][i] = layout->in_strides[k][i];
        key.layout.out_strides[i] = layout->out_strides[i];
    }
    uint64_t hash = hash_words(&key, sizeof key);
    size_t slot = (size_t)(hash % TABLE_SLOTS);
    for (; table[slot]; slot = (slot + 1) % TABLE_SLOTS) {
        dmlp_py_cached_op *entry = table[slot];
        if (entry->hash == hash && memcmp(&entry->key, &key, sizeof key) == 0) {
            entry->holders++;
            return entry;
        }
    }
    dmlp_operator *op = create(&key);
    if (!op)
        return NULL;
    dmlp_py_cached_op *entry = malloc(sizeof *entry);
    if (!entry) {
        dmlp_operator_destroy(op);
        PyErr_NoMemory();
        return NULL;
    }
    *entry = (dmlp_py_cached_op){key, hash, op, 1, 0};
    if (table_count >= TABLE_LIMIT)
        evict_all();
    for (slot = (size_t)(hash % TABLE_SLOTS); table[slot]; slot = (slot + 1) % TABLE_SLOTS)
        ;
    table[slot] = entry;
    table_count++;
    return entry;
}

dmlp_operator *dmlp_py_op_get(dmlp_py_cached_op *op) { return op->op; }

void dmlp_py_op_release(dmlp_py_cached_op *op)
{
    if (--op->holders == 0 && op->evicted)
        destroy_entry(op);
}

void dmlp_py_cache_forget(void)
{
    memset(table, 0, sizeof table);
    table_count = 0;
    devices = NULL;
    device_count = device_capacity = 0;
}

Py_ssize_t dmlp_py_cache_size(void) { return table_count; }
