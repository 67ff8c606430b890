/* Devices and operators, created once and reused: a device per (feature level, thread
   count), an operator per (operator, options, types, normalized layout), its descriptor
   made by the registry. Every lookup
   runs with the GIL held; an operator in use by a call that released the GIL is held, so
   eviction only unlinks it and the last holder destroys it. Devices are few and bounded
   (their threads are the process's), the least recently used one going first with its
   operators; a device is destroyed when its last operator is. */
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

typedef struct device_entry {
    uint32_t feature_level, threads; /* threads as asked (capped), 0: one per core */
    uint32_t thread_count;           /* what the thread budget counts for it */
    dmlp_device *device;
    uint32_t users;   /* operators made on it, cached or held */
    uint64_t used;    /* when it was last asked for: the least recent goes first */
    int evicted;      /* out of the list: destroyed with its last operator */
    uint32_t flags;   /* the device's flags: DMLP_DEVICE_FLAG_EXTENSIONS or 0 */
} device_entry;

struct dmlp_py_cached_op {
    cache_key key;
    uint64_t hash;
    dmlp_operator *op;
    device_entry *device;
    uint32_t holders;
    int evicted;
};

/* At most this many operators live at once; when full the unheld ones are destroyed. */
#define TABLE_SLOTS 512
#define TABLE_LIMIT 256

static dmlp_py_cached_op *table[TABLE_SLOTS];
static Py_ssize_t table_count;

/* At most this many devices, and this many threads in them together unless one device
   alone has more: threads=1..64 then keeps a few hundred threads, not 2,000. */
#define DEVICE_LIMIT 8
#define THREAD_BUDGET (2 * DMLP_PY_MAX_THREADS)

static device_entry *devices[DEVICE_LIMIT + 1];
static size_t device_count;
static uint64_t device_clock;

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

static void release_device(device_entry *d)
{
    if (--d->users == 0 && d->evicted) {
        dmlp_device_destroy(d->device);
        free(d);
    }
}

static void destroy_entry(dmlp_py_cached_op *entry)
{
    dmlp_operator_destroy(entry->op);
    release_device(entry->device);
    free(entry);
}

/* Unlinks an operator from the table; one in use is destroyed by its last holder. */
static void evict_op(dmlp_py_cached_op *entry)
{
    if (entry->holders)
        entry->evicted = 1;
    else
        destroy_entry(entry);
}

/* Empties the table; held operators are destroyed by their last holder. */
static void evict_all(void)
{
    for (size_t i = 0; i < TABLE_SLOTS; i++) {
        dmlp_py_cached_op *entry = table[i];
        if (!entry)
            continue;
        table[i] = NULL;
        evict_op(entry);
    }
    table_count = 0;
}

/* Drops device d from the list and its operators from the table (the table is rebuilt
   from the others, as open addressing cannot delete in place); d itself goes with its
   last operator. */
static void evict_device(size_t index)
{
    device_entry *d = devices[index];
    devices[index] = devices[--device_count];
    /* With operators, the last one's destruction (maybe in the loop below) frees d. */
    int idle = d->users == 0;
    d->evicted = 1;
    dmlp_py_cached_op *kept[TABLE_SLOTS];
    size_t n = 0;
    for (size_t i = 0; i < TABLE_SLOTS; i++) {
        dmlp_py_cached_op *entry = table[i];
        table[i] = NULL;
        if (entry && entry->device == d)
            evict_op(entry);
        else if (entry)
            kept[n++] = entry;
    }
    table_count = (Py_ssize_t)n;
    for (size_t k = 0; k < n; k++) {
        size_t slot = (size_t)(kept[k]->hash % TABLE_SLOTS);
        while (table[slot])
            slot = (slot + 1) % TABLE_SLOTS;
        table[slot] = kept[k];
    }
    if (idle) {
        dmlp_device_destroy(d->device);
        free(d);
    }
}

/* Evicts the least recently used devices but the newest, while the list is over its
   limits. */
static void bound_devices(const device_entry *newest)
{
    for (;;) {
        uint32_t threads = 0;
        size_t oldest = device_count;
        for (size_t i = 0; i < device_count; i++) {
            threads += devices[i]->thread_count;
            if (devices[i] != newest &&
                (oldest == device_count || devices[i]->used < devices[oldest]->used))
                oldest = i;
        }
        if (oldest == device_count || (device_count <= DEVICE_LIMIT && threads <= THREAD_BUDGET))
            return;
        evict_device(oldest);
    }
}

/* A refusal in the Python argument's words (the library's names thread_count). */
static void refuse_threads(uint32_t threads)
{
    const char *why = "the system refused a thread (a limit on processes, threads or memory)";
    if (threads == 0)
        PyErr_Format(dmlp_py_error,
                     "threads=None (one per core): could not start the device's threads; %s",
                     why);
    else if (threads == DMLP_PY_MAX_THREADS)
        PyErr_Format(dmlp_py_error,
                     "threads=%u or more (at most %u are used): could not start the device's "
                     "%u threads; %s",
                     threads, threads, threads, why);
    else
        PyErr_Format(dmlp_py_error, "threads=%u: could not start the device's %u threads; %s",
                     threads, threads, why);
}

/* The threads a device of threads=None is counted for: Python's os.cpu_count() (the
   library may be told otherwise by DMLP_NUM_THREADS; the device limit bounds that). */
static uint32_t one_per_core(void)
{
    PyObject *os = PyImport_ImportModule("os");
    PyObject *n = os ? PyObject_CallMethod(os, "cpu_count", NULL) : NULL;
    long count = n && PyLong_Check(n) ? PyLong_AsLong(n) : 1;
    Py_XDECREF(n);
    Py_XDECREF(os);
    PyErr_Clear();
    return count < 1 ? 1u
           : count > (long)DMLP_PY_MAX_THREADS ? DMLP_PY_MAX_THREADS : (uint32_t)count;
}

/* The device for a feature level and thread count (threads capped at the library's
   limit by the caller), made on first use; NULL with an exception set. */
static device_entry *get_device(uint32_t feature_level, uint32_t threads, uint32_t flags)
{
    for (size_t i = 0; i < device_count; i++)
        if (devices[i]->feature_level == feature_level && devices[i]->threads == threads &&
            devices[i]->flags == flags) {
            devices[i]->used = ++device_clock;
            return devices[i];
        }
    device_entry *d = calloc(1, sizeof *d);
    if (!d) {
        PyErr_NoMemory();
        return NULL;
    }
    dmlp_device_desc desc = {(DML_FEATURE_LEVEL)feature_level, threads, flags};
    dmlp_status status = dmlp_device_create(&desc, &d->device);
    if (status != DMLP_OK) {
        free(d);
        if (status == DMLP_ERROR_OUT_OF_MEMORY)
            refuse_threads(threads);
        else
            dmlp_py_raise_library("device");
        return NULL;
    }
    *d = (device_entry){feature_level, threads, threads ? threads : one_per_core(),
                        d->device, 0, ++device_clock, 0, flags};
    devices[device_count++] = d;
    bound_devices(d);
    return d;
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
static dmlp_operator *create(const cache_key *key, device_entry **made_on)
{
    const dmlp_py_options *o = &key->options;
    /* No level asked: 6_4 with the extensions (float64, bfloat16, NaN propagation).
       A level asked: DirectML's tables exactly, as a DirectML device has them; dmlp's own
       operators exist only with the extensions, so theirs come with them at that level. */
    uint32_t flags = o->feature_level == 0 || dmlp__operator_is_extension(o->def->type)
                         ? DMLP_DEVICE_FLAG_EXTENSIONS
                         : 0u;
    device_entry *d = get_device(o->feature_level, o->threads, flags);
    if (!d)
        return NULL;
    dmlp_device *device = d->device;
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
    /* an operator along axes: its Axes, the layout's row dimensions in increasing order */
    for (uint32_t i = 0; i < l->rank && params.axis_count < DMLP__MAX_AXES; i++)
        if (l->row_axes >> i & 1u)
            params.axes[params.axis_count++] = i;
    dmlp__desc_storage storage;
    const DML_OPERATOR_DESC *desc = dmlp__desc_build_inputs(&storage, o->def, inputs, &out,
                                                            &params);
    dmlp_operator *op = NULL;
    if (dmlp_operator_create(device, desc, o->flags, &op) != DMLP_OK) {
        dmlp_py_raise_library(o->def->python_name);
        return NULL;
    }
    d->users++;
    *made_on = d;
    return op;
}

dmlp_py_cached_op *dmlp_py_op_acquire(const dmlp_py_options *options,
                                      const uint32_t *in_types, uint32_t out_type,
                                      const dmlp_py_layout *layout)
{
    cache_key key;
    memset(&key, 0, sizeof key);
    memcpy(&key.options, options, sizeof key.options); /* padding too: the caller zeroed it */
    key.options.row_axes = 0; /* the layout's row_axes says where the rows are */
    for (uint32_t k = 0; k < dmlp__op_input_count(options->def) && k < DMLP__MAX_INPUTS; k++)
        key.in_types[k] = in_types[k];
    key.out_type = out_type;
    key.layout.rank = layout->rank;
    key.layout.row_axes = layout->row_axes;
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
    device_entry *device = NULL;
    dmlp_operator *op = create(&key, &device);
    if (!op)
        return NULL;
    dmlp_py_cached_op *entry = malloc(sizeof *entry);
    if (!entry) {
        dmlp_operator_destroy(op);
        release_device(device);
        PyErr_NoMemory();
        return NULL;
    }
    *entry = (dmlp_py_cached_op){key, hash, op, device, 1, 0};
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
    memset(devices, 0, sizeof devices);
    device_count = 0;
}

Py_ssize_t dmlp_py_cache_size(void) { return table_count; }
