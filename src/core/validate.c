/* Complete validation of an operator descriptor (docs/validation.md) into a private copy. */
#include "core/validate.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/registry.h"
#include "core/scalar.h"
#include "core/support.h"
#include "core/types.h"

#define INVALID DMLP_ERROR_INVALID_ARGUMENT
#define UNSUPPORTED DMLP_ERROR_UNSUPPORTED

#define MAX_ELEMENTS UINT64_C(0xFFFFFFFF)

#define KNOWN_DML_EXECUTION_FLAGS                                                           \
    (DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION |                                  \
     DML_EXECUTION_FLAG_DISABLE_META_COMMANDS | DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE)

/* What the checks of one operator need to name things and look up rules. */
typedef struct context {
    DML_OPERATOR_TYPE type;
    const char *op;          /* operator name for messages */
    const char *output;      /* the output tensor's member: OutputTensor (ReluGrad's and
                                ClipGrad's OutputGradientTensor) */
    uint32_t level;
    bool extensions;
    uint32_t input_count;
    dmlp__support support;
} context;

static bool type_in(const dmlp__support *s, DML_TENSOR_DATA_TYPE type)
{
    for (uint32_t i = 0; i < s->type_count; i++)
        if (s->input_types[i] == type)
            return true;
    return false;
}

/* "FLOAT32, FLOAT16 or INT8" from the support row's types. */
static void list_types(const dmlp__support *s, char *text, size_t capacity)
{
    size_t used = 0;
    text[0] = '\0';
    for (uint32_t i = 0; i < s->type_count && used < capacity; i++) {
        const char *sep = i == 0 ? "" : i + 1 == s->type_count ? " or " : ", ";
        int n = snprintf(text + used, capacity - used, "%s%s", sep,
                         dmlp__type_name(s->input_types[i]));
        if (n < 0)
            break;
        used += (size_t)n;
    }
}

/* "4" or "1 to 8". */
static void describe_dims(const dmlp__support *s, char *text, size_t capacity)
{
    if (s->min_dims == s->max_dims)
        snprintf(text, capacity, "%" PRIu32, s->min_dims);
    else
        snprintf(text, capacity, "%" PRIu32 " to %" PRIu32, s->min_dims, s->max_dims);
}

/* "{6, 3, 1}": a tensor's strides (packed ones when none were given). */
static void list_strides(const dmlp__tensor *t, char *text, size_t capacity)
{
    size_t used = 0;
    for (uint32_t i = 0; i < t->dim_count && used < capacity; i++) {
        int n = snprintf(text + used, capacity - used, "%s%" PRIu32, i ? ", " : "{",
                         t->strides[i]);
        if (n < 0)
            break;
        used += (size_t)n;
    }
    if (used < capacity)
        snprintf(text + used, capacity - used, "}");
}

/* Structural rules of one tensor descriptor (docs/validation.md); fills *t. */
static dmlp_status check_tensor(const context *c, const char *name, const DML_TENSOR_DESC *desc,
                                bool is_output, dmlp__tensor *t)
{
    if (!desc)
        return dmlp__error(INVALID, "%s: %s is NULL; it must point to a DML_TENSOR_DESC",
                           c->op, name);
    if (desc->Type != DML_TENSOR_TYPE_BUFFER)
        return dmlp__error(INVALID, "%s: %s.Type is %d; it must be DML_TENSOR_TYPE_BUFFER (1)",
                           c->op, name, (int)desc->Type);
    const DML_BUFFER_TENSOR_DESC *b = desc->Desc;
    if (!b)
        return dmlp__error(INVALID,
                           "%s: %s.Desc is NULL; it must point to a DML_BUFFER_TENSOR_DESC",
                           c->op, name);

    uint32_t element_size = dmlp__type_size(b->DataType);
    if (element_size == 0)
        return dmlp__error(INVALID, "%s: %s.DataType is %d; it is not a data type", c->op, name,
                           (int)b->DataType);

    if (b->Flags != DML_TENSOR_FLAG_NONE && b->Flags != DML_TENSOR_FLAG_OWNED_BY_DML)
        return dmlp__error(INVALID,
                           "%s: %s.Flags is 0x%x; it must be DML_TENSOR_FLAG_NONE or "
                           "DML_TENSOR_FLAG_OWNED_BY_DML",
                           c->op, name, (unsigned)b->Flags);
    if (is_output && b->Flags == DML_TENSOR_FLAG_OWNED_BY_DML)
        return dmlp__error(INVALID,
                           "%s: %s.Flags is DML_TENSOR_FLAG_OWNED_BY_DML; only inputs may be "
                           "owned by the device",
                           c->op, name);

    if (b->DimensionCount < 1 || b->DimensionCount > DMLP__MAX_DIMS)
        return dmlp__error(INVALID, "%s: %s.DimensionCount is %" PRIu32 "; it must be 1 to %d",
                           c->op, name, b->DimensionCount, DMLP__MAX_DIMS);
    if (!b->Sizes)
        return dmlp__error(INVALID, "%s: %s.Sizes is NULL; it must hold DimensionCount sizes",
                           c->op, name);

    memset(t, 0, sizeof *t);
    t->type = b->DataType;
    t->flags = b->Flags;
    t->dim_count = b->DimensionCount;
    t->strides_given = b->Strides != NULL;
    t->total_bytes = b->TotalTensorSizeInBytes;
    t->alignment = b->GuaranteedBaseOffsetAlignment;

    for (uint32_t i = 0; i < t->dim_count; i++) {
        t->sizes[i] = b->Sizes[i];
        if (t->sizes[i] == 0)
            return dmlp__error(INVALID, "%s: %s.Sizes[%" PRIu32 "] is 0; every size must be >= 1",
                               c->op, name, i);
    }
    uint64_t count = 1;
    bool count_overflow = false;
    for (uint32_t i = 0; i < t->dim_count; i++) {
        if (count > UINT64_MAX / t->sizes[i])
            count_overflow = true;
        else
            count *= t->sizes[i];
    }
    if (count_overflow)
        return dmlp__error(INVALID,
                           "%s: the product of %s.Sizes is more than 2^64; a tensor holds at "
                           "most 4294967295 (2^32 - 1) elements",
                           c->op, name);
    if (count > MAX_ELEMENTS)
        return dmlp__error(INVALID,
                           "%s: the product of %s.Sizes is %" PRIu64 "; a tensor holds at most "
                           "4294967295 (2^32 - 1) elements",
                           c->op, name, count);
    t->element_count = count;

    uint32_t packed = 1;
    for (uint32_t i = t->dim_count; i-- > 0;) {
        t->strides[i] = b->Strides ? b->Strides[i] : packed;
        packed *= t->sizes[i]; /* at most the element count, < 2^32 */
    }

    uint64_t needed =
        dmlp_calc_buffer_tensor_size(t->type, t->dim_count, t->sizes, t->strides);
    if (needed == 0) {
        char strides[DMLP__MAX_DIMS * 12 + 4];
        list_strides(t, strides, sizeof strides);
        return dmlp__error(INVALID,
                           "%s: %s.Strides is %s; with these Sizes the tensor spans more than "
                           "2^64 bytes, which no buffer can hold",
                           c->op, name, strides);
    }
    if (t->total_bytes < needed)
        return dmlp__error(INVALID,
                           "%s: %s.TotalTensorSizeInBytes is %" PRIu64
                           "; it must be at least %" PRIu64 " (DMLCalcBufferTensorSize)",
                           c->op, name, t->total_bytes, needed);

    if (t->alignment != 0 &&
        ((t->alignment & (t->alignment - 1)) != 0 || t->alignment < element_size))
        return dmlp__error(INVALID,
                           "%s: %s.GuaranteedBaseOffsetAlignment is %" PRIu32
                           "; it must be 0 or a power of two >= the element size (%" PRIu32 ")",
                           c->op, name, t->alignment, element_size);
    return DMLP_OK;
}

/* The refusal of a type that only a device with the extensions takes. */
static dmlp_status needs_extensions(const context *c, const char *tensor,
                                    DML_TENSOR_DATA_TYPE type)
{
    return dmlp__error(UNSUPPORTED,
                       "%s: %s.DataType is %s; it needs a device created with "
                       "DMLP_DEVICE_FLAG_EXTENSIONS",
                       c->op, tensor, dmlp__type_name(type));
}

/* A tensor's type against the row's types: named as an extension type when the
   extensions would allow it. */
static dmlp_status check_type_listed(const context *c, const char *tensor,
                                     DML_TENSOR_DATA_TYPE type)
{
    const dmlp__support *s = &c->support;
    if (type_in(s, type))
        return DMLP_OK;
    dmlp__support with_ext;
    if (!c->extensions && dmlp__support_get(c->type, c->level, true, &with_ext) &&
        type_in(&with_ext, type))
        return needs_extensions(c, tensor, type);
    char types[256];
    list_types(s, types, sizeof types);
    return dmlp__error(UNSUPPORTED, "%s: %s.DataType is %s; at feature level %s it must be %s",
                       c->op, tensor, dmlp__type_name(type),
                       dmlp__feature_level_name(c->level), types);
}

/* An output with types of its own (LogicalGreaterThan) against the row's output types. */
static dmlp_status check_output_type_listed(const context *c, const char *tensor,
                                            DML_TENSOR_DATA_TYPE type)
{
    const dmlp__support *s = &c->support;
    char types[128];
    size_t used = 0;
    types[0] = '\0';
    for (uint32_t i = 0; i < s->output_type_count; i++) {
        if (s->output_types[i] == type)
            return DMLP_OK;
        const char *sep = i == 0 ? "" : i + 1 == s->output_type_count ? " or " : ", ";
        int n = snprintf(types + used, sizeof types - used, "%s%s", sep,
                         dmlp__type_name(s->output_types[i]));
        if (n > 0 && (size_t)n < sizeof types - used)
            used += (size_t)n;
    }
    dmlp__support with_ext;
    if (!c->extensions && dmlp__support_get(c->type, c->level, true, &with_ext))
        for (uint32_t i = 0; i < with_ext.output_type_count; i++)
            if (with_ext.output_types[i] == type)
                return needs_extensions(c, tensor, type);
    return dmlp__error(UNSUPPORTED, "%s: %s.DataType is %s; at feature level %s it must be %s",
                       c->op, tensor, dmlp__type_name(type), dmlp__feature_level_name(c->level),
                       types);
}

/* What the support table allows for one tensor's type and dimension count. */
static dmlp_status check_input_support(const context *c, const char *name, const dmlp__tensor *t)
{
    const dmlp__support *s = &c->support;
    dmlp_status status = check_type_listed(c, name, t->type);
    if (status != DMLP_OK)
        return status;
    if (t->dim_count < s->min_dims || t->dim_count > s->max_dims) {
        char dims[32];
        describe_dims(s, dims, sizeof dims);
        return dmlp__error(UNSUPPORTED,
                           "%s: %s.DimensionCount is %" PRIu32
                           "; at feature level %s it must be %s",
                           c->op, name, t->dim_count, dmlp__feature_level_name(c->level), dims);
    }
    return DMLP_OK;
}

/* Sort helper: axes of size > 1 in ascending stride order. */
typedef struct axis {
    uint64_t size;
    uint64_t stride;
} axis;

static int compare_axes(const void *a, const void *b)
{
    const axis *x = a, *y = b;
    if (x->stride != y->stride)
        return x->stride < y->stride ? -1 : 1;
    return x->size < y->size ? -1 : x->size > y->size;
}

static uint64_t gcd_u64(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t r = a % b;
        a = b;
        b = r;
    }
    return a;
}

/* An offset of the other axes and its residue modulo the eliminated axis's stride. */
typedef struct keyed_offset {
    uint64_t residue;
    uint64_t value;
} keyed_offset;

static int compare_keyed(const void *a, const void *b)
{
    const keyed_offset *x = a, *y = b;
    if (x->residue != y->residue)
        return x->residue < y->residue ? -1 : 1;
    return x->value < y->value ? -1 : x->value > y->value;
}

/* Exact test that eliminates the largest axis (size n, stride s): two elements collide
   exactly when two offsets o1 <= o2 of the other axes (from different indices) have
   o2 - o1 = k * s with k < n, i.e. the same residue mod s and o2 - o1 <= (n - 1) * s. Only
   neighbours in (residue, offset) order need comparing. Returns 1 when distinct, 0 on a
   collision, -1 when the other axes have too many elements to list, -2 when the list
   cannot be allocated. */
static int offsets_distinct_by_classes(const axis *axes, uint32_t count)
{
    uint32_t big = 0;
    for (uint32_t i = 1; i < count; i++)
        if (axes[i].size > axes[big].size)
            big = i;
    uint64_t others = 1;
    for (uint32_t i = 0; i < count; i++)
        if (i != big)
            others *= axes[i].size;
    if (others > (UINT64_C(1) << 18)) /* bounds the list at 4 MiB */
        return -1;
    keyed_offset *list = malloc((size_t)others * sizeof *list);
    if (!list)
        return -2;
    uint64_t index[DMLP__MAX_DIMS] = {0};
    uint64_t offset = 0;
    for (uint64_t e = 0; e < others; e++) {
        list[e].value = offset;
        list[e].residue = offset % axes[big].stride;
        for (uint32_t i = 0; i < count; i++) { /* odometer step over all axes but big */
            if (i == big)
                continue;
            if (++index[i] < axes[i].size) {
                offset += axes[i].stride;
                break;
            }
            offset -= (axes[i].size - 1) * axes[i].stride;
            index[i] = 0;
        }
    }
    qsort(list, (size_t)others, sizeof *list, compare_keyed);
    uint64_t reach = (axes[big].size - 1) * axes[big].stride;
    int result = 1;
    for (uint64_t e = 1; e < others && result; e++)
        if (list[e].residue == list[e - 1].residue && list[e].value - list[e - 1].value <= reach)
            result = 0;
    free(list);
    return result;
}

/* An output must not write one element twice: no two index tuples may share an offset.
   Axes of size 1 never step, so their strides do not matter. */
static dmlp_status check_output_distinct(const context *c, const dmlp__tensor *t)
{
    axis axes[DMLP__MAX_DIMS];
    uint32_t count = 0;
    for (uint32_t i = 0; i < t->dim_count; i++) {
        if (t->sizes[i] == 1)
            continue;
        if (t->strides[i] == 0)
            return dmlp__error(INVALID,
                               "%s: %s.Strides[%" PRIu32 "] is 0; an output axis of "
                               "size %" PRIu32 " would write one element twice",
                               c->op, c->output, i, t->sizes[i]);
        axes[count].size = t->sizes[i];
        axes[count].stride = t->strides[i];
        count++;
    }
    qsort(axes, count, sizeof axes[0], compare_axes);

    /* Sufficient test: each stride exceeds the span of all smaller-stride axes. Every
       packed, permuted or padded layout passes it. The span fits in 64 bits: the buffer
       size computed before did. */
    uint64_t span = 0;
    bool nested = true;
    for (uint32_t i = 0; i < count; i++) {
        if (axes[i].stride <= span)
            nested = false;
        span += (axes[i].size - 1) * axes[i].stride;
    }
    if (nested)
        return DMLP_OK;

    /* Interleaved layouts (sizes {3, 2}, strides {2, 3}) may still be one-to-one. Two
       axes alone collide exactly when the smallest step that cancels, s2/g along the first
       and s1/g along the second (g = gcd), fits in both; any colliding pair is a collision
       of the whole tensor. */
    bool pair_collides = false;
    for (uint32_t i = 0; i < count; i++)
        for (uint32_t j = i + 1; j < count; j++) {
            uint64_t g = gcd_u64(axes[i].stride, axes[j].stride);
            if (axes[j].stride / g < axes[i].size && axes[i].stride / g < axes[j].size)
                pair_collides = true;
        }
    int distinct = pair_collides ? 0 : count <= 2 ? 1 : offsets_distinct_by_classes(axes, count);
    if (distinct == 1)
        return DMLP_OK;
    char strides[DMLP__MAX_DIMS * 12 + 4];
    list_strides(t, strides, sizeof strides);
    if (distinct == -2)
        return dmlp__error(DMLP_ERROR_OUT_OF_MEMORY,
                           "%s: %s.Strides is %s; out of memory for the list of "
                           "offsets that proves no element is written twice",
                           c->op, c->output, strides);
    if (distinct == 0)
        return dmlp__error(INVALID,
                           "%s: %s.Strides is %s; two elements get the same address, "
                           "and an output must not write one element twice",
                           c->op, c->output, strides);
    return dmlp__error(UNSUPPORTED,
                       "%s: %s.Strides is %s; it interleaves three or more axes, and "
                       "for a shape this large dmlp cannot prove that no element is written "
                       "twice",
                       c->op, c->output, strides);
}

/* An input with types of its own (DMLP_INPUT_TYPES, support.own_types[index]). */
static dmlp_status check_own_type(const context *c, uint32_t index, const char *name,
                                  DML_TENSOR_DATA_TYPE type)
{
    const dmlp__support *s = &c->support;
    char types[128];
    size_t used = 0;
    types[0] = '\0';
    for (uint32_t i = 0; i < s->own_type_count[index]; i++) {
        if (s->own_types[index][i] == type)
            return DMLP_OK;
        const char *sep = i == 0 ? "" : i + 1 == s->own_type_count[index] ? " or " : ", ";
        int n = snprintf(types + used, sizeof types - used, "%s%s", sep,
                         dmlp__type_name(s->own_types[index][i]));
        if (n > 0 && (size_t)n < sizeof types - used)
            used += (size_t)n;
    }
    dmlp__support with_ext;
    if (!c->extensions && dmlp__support_get(c->type, c->level, true, &with_ext))
        for (uint32_t i = 0; i < with_ext.own_type_count[index]; i++)
            if (with_ext.own_types[index][i] == type)
                return needs_extensions(c, name, type);
    return dmlp__error(UNSUPPORTED, "%s: %s.DataType is %s; at feature level %s it must be %s",
                       c->op, name, dmlp__type_name(type), dmlp__feature_level_name(c->level),
                       types);
}

/* A tensor's dimension count and sizes equal the input's it follows. */
static dmlp_status check_sizes(const context *c, const char *in_name, const dmlp__tensor *in,
                               const char *name, const dmlp__tensor *out, bool broadcast_note)
{
    if (out->dim_count != in->dim_count)
        return dmlp__error(INVALID,
                           "%s: %s.DimensionCount is %" PRIu32
                           "; it must equal %s.DimensionCount (%" PRIu32 ")",
                           c->op, name, out->dim_count, in_name, in->dim_count);
    for (uint32_t i = 0; i < in->dim_count; i++)
        if (out->sizes[i] != in->sizes[i])
            return dmlp__error(INVALID,
                               "%s: %s.Sizes[%" PRIu32 "] is %" PRIu32
                               "; it must equal %s.Sizes[%" PRIu32 "] (%" PRIu32 ")%s",
                               c->op, name, i, out->sizes[i], in_name, i, in->sizes[i],
                               broadcast_note
                                   ? " (an input broadcasts with a stride of 0, not a "
                                     "smaller size)"
                                   : "");
    return DMLP_OK;
}

/* The rules between tensors' types (DMLP_SAME_TYPE_AS, DMLP_TYPE_PAIRS), for the tensors
   present. */
static const dmlp__tensor *tensor_named(const dmlp__op_info *info, const char *const *names,
                                        const char *name)
{
    if (strcmp(name, "OutputTensor") == 0)
        return &info->output;
    for (uint32_t i = 0; i < info->input_count; i++)
        if (names[i] && strcmp(names[i], name) == 0)
            return info->absent >> i & 1u ? NULL : &info->inputs[i];
    return NULL;
}

static dmlp_status check_type_rules(const context *c, const dmlp__op_info *info,
                                    const char *const *names)
{
    for (uint32_t r = 0; r < c->support.rule_count; r++) {
        const dmlp__type_rule *rule = &c->support.rules[r];
        const dmlp__tensor *t = tensor_named(info, names, rule->tensor);
        const dmlp__tensor *o = tensor_named(info, names, rule->other);
        if (!t || !o)
            continue;
        if (rule->pair_count == 0) {
            if (t->type != o->type)
                return dmlp__error(INVALID, "%s: %s.DataType is %s; it must equal %s.DataType (%s)",
                                   c->op, rule->tensor, dmlp__type_name(t->type), rule->other,
                                   dmlp__type_name(o->type));
            continue;
        }
        char types[128];
        size_t used = 0;
        uint32_t listed = 0;
        bool allowed = false, decides = false;
        types[0] = '\0';
        for (uint32_t p = 0; p < rule->pair_count; p++) {
            if (rule->pairs[p][0] != o->type)
                continue;
            decides = true;
            allowed = allowed || rule->pairs[p][1] == t->type;
            int n = snprintf(types + used, sizeof types - used, "%s%s", listed ? " or " : "",
                             dmlp__type_name(rule->pairs[p][1]));
            listed++;
            if (n > 0 && (size_t)n < sizeof types - used)
                used += (size_t)n;
        }
        if (decides && !allowed)
            return dmlp__error(INVALID, "%s: %s.DataType is %s; with %s.DataType %s it must be %s",
                               c->op, rule->tensor, dmlp__type_name(t->type), rule->other,
                               dmlp__type_name(o->type), types);
    }
    return DMLP_OK;
}

/* A tensor agrees with the input it follows (`in`, named in_name): the same data type
   (unless the row gives the output its own, want_own), dimension count and sizes. */
static dmlp_status check_pair(const context *c, const char *in_name, const dmlp__tensor *in,
                              const char *name, const dmlp__tensor *out, bool want_own)
{
    DML_TENSOR_DATA_TYPE want = want_own ? c->support.output_type : DML_TENSOR_DATA_TYPE_UNKNOWN;
    if (want_own && c->support.output_type_count > 0) {
        dmlp_status status = check_output_type_listed(c, name, out->type);
        if (status != DMLP_OK)
            return status;
    } else if (want == DMLP__OUTPUT_LISTED) {
        dmlp_status status = check_type_listed(c, name, out->type);
        if (status != DMLP_OK)
            return status;
    } else if (want != DML_TENSOR_DATA_TYPE_UNKNOWN) {
        if (out->type != want)
            return dmlp__error(INVALID, "%s: %s.DataType is %s; it must be %s", c->op, name,
                               dmlp__type_name(out->type), dmlp__type_name(want));
    } else if (out->type != in->type) {
        /* two calls: dmlp__type_name may share one buffer for unknown names */
        char input_name[32];
        snprintf(input_name, sizeof input_name, "%s", dmlp__type_name(in->type));
        return dmlp__error(INVALID, "%s: %s.DataType is %s; it must equal %s.DataType (%s)",
                           c->op, name, dmlp__type_name(out->type), in_name, input_name);
    }
    return check_sizes(c, in_name, in, name, out, c->input_count > 1 && !want_own);
}

/* The fusable activations (their operator files' DMLP_FUSABLE rows), "ACTIVATION_IDENTITY
   (71), ..." into text. */
static const char *fusable_text(char *text, size_t size)
{
    size_t used = 0;
    text[0] = '\0';
    for (uint32_t i = 0; i < dmlp__op_count() && used < size; i++) {
        const dmlp__op_def *def = dmlp__op_at(i);
        if (!dmlp__op_fusable(def))
            continue;
        int n = snprintf(text + used, size - used, "%s%s (%d)", used ? ", " : "", def->name,
                         (int)def->type);
        used += n > 0 ? (size_t)n : 0;
    }
    return text;
}

/* FusedActivation: NULL, or an activation DirectML fuses and dmlp has, with its
   descriptor's tensor pointers NULL, on a float output; its FLOAT members (any value,
   as the activation's own) into floats. */
static dmlp_status check_fused_activation(const context *c, const char *field,
                                          const DML_OPERATOR_DESC *fused,
                                          const dmlp__tensor *out, float *floats)
{
    if (!fused)
        return DMLP_OK;
    const dmlp__op_def *def = dmlp__op_find(fused->Type);
    if (!dmlp__op_fusable(def)) {
        const char *name = dmlp__operator_name(fused->Type);
        char what[64], list[640];
        if (name)
            snprintf(what, sizeof what, "%s", name);
        else
            snprintf(what, sizeof what, "%d", (int)fused->Type);
        return dmlp__error(UNSUPPORTED, "%s: %s.Type is %s; dmlp fuses %s", c->op, field, what,
                           fusable_text(list, sizeof list));
    }
    if (!fused->Desc)
        return dmlp__error(INVALID,
                           "%s: %s.Desc is NULL; it must point to the activation's descriptor",
                           c->op, field);
    uint32_t k = 0;
    for (uint32_t i = 0; i < def->field_count; i++) {
        const dmlp__field *f = &def->fields[i];
        if (f->kind == DMLP__FIELD_FLOAT && k < DMLP__MAX_FLOATS)
            floats[k++] = dmlp__desc_float(fused->Desc, f);
        else if ((f->kind == DMLP__FIELD_INPUT || f->kind == DMLP__FIELD_OUTPUT) &&
                 dmlp__desc_tensor(fused->Desc, f))
            return dmlp__error(INVALID,
                               "%s: %s's %s is not NULL; a fused activation's tensors must be "
                               "NULL",
                               c->op, field, f->name);
    }
    DML_TENSOR_DATA_TYPE t = out->type;
    if (t != DML_TENSOR_DATA_TYPE_FLOAT32 && t != DML_TENSOR_DATA_TYPE_FLOAT16 &&
        t != DML_TENSOR_DATA_TYPE_FLOAT64 && t != DMLP_TENSOR_DATA_TYPE_BFLOAT16)
        return dmlp__error(INVALID,
                           "%s: %s is set; with OutputTensor.DataType %s it must be NULL (a "
                           "fused activation needs FLOAT32 or FLOAT16)",
                           c->op, field, dmlp__type_name(t));
    return DMLP_OK;
}

/* A ScaleBias is arithmetic: dmlp applies it to the float types it computes in binary32
   or binary64, and refuses it elsewhere (DirectML's pages do not say what it means for
   integers). */
static dmlp_status check_scale_bias(const context *c, const dmlp__op_info *info)
{
    DML_TENSOR_DATA_TYPE t = info->input.type;
    if (!info->has_scale_bias || t == DML_TENSOR_DATA_TYPE_FLOAT32 ||
        t == DML_TENSOR_DATA_TYPE_FLOAT16 || t == DML_TENSOR_DATA_TYPE_FLOAT64 ||
        t == DMLP_TENSOR_DATA_TYPE_BFLOAT16)
        return DMLP_OK;
    return dmlp__error(UNSUPPORTED,
                       "%s: ScaleBias is set; with InputTensor.DataType %s it must be NULL "
                       "(dmlp applies a scale and bias to FLOAT32, FLOAT16, FLOAT64 and "
                       "BFLOAT16 only)",
                       c->op, dmlp__type_name(t));
}

static dmlp_status check_execution_flags(const context *c, uint32_t flags)
{
    uint32_t ours = DMLP_EXECUTION_FLAG_NAN_PROPAGATE | DMLP_EXECUTION_FLAG_CAST_ONNX |
                    DMLP_EXECUTION_FLAG_CAST_NO_SATURATE | DMLP_EXECUTION_FLAG_CAST_TO_BOOL |
                    DMLP_EXECUTION_FLAG_SHIFT_PAST_WIDTH_ZERO;
    uint32_t known = KNOWN_DML_EXECUTION_FLAGS | ours;
    if (flags & ~known)
        return dmlp__error(INVALID,
                           "%s: execution_flags is 0x%" PRIx32 "; bits 0x%" PRIx32
                           " are not a known execution flag",
                           c->op, flags, flags & ~known);
    if ((flags & ours) && !c->extensions)
        return dmlp__error(UNSUPPORTED,
                           "%s: execution_flags is 0x%" PRIx32
                           "; %s needs a device created with DMLP_DEVICE_FLAG_EXTENSIONS",
                           c->op, flags,
                           (flags & DMLP_EXECUTION_FLAG_NAN_PROPAGATE)
                               ? "DMLP_EXECUTION_FLAG_NAN_PROPAGATE"
                           : (flags & DMLP_EXECUTION_FLAG_SHIFT_PAST_WIDTH_ZERO)
                               ? "DMLP_EXECUTION_FLAG_SHIFT_PAST_WIDTH_ZERO"
                               : "each DMLP_EXECUTION_FLAG_CAST_* flag");
    return DMLP_OK;
}

/* ONNX's bool is a UINT8 output: the flag that asks for it asks for that type. */
static dmlp_status check_cast_to_bool(const context *c, const dmlp__op_info *info)
{
    if (!(info->execution_flags & DMLP_EXECUTION_FLAG_CAST_TO_BOOL) ||
        info->type != DML_OPERATOR_CAST || info->output.type == DML_TENSOR_DATA_TYPE_UINT8)
        return DMLP_OK;
    return dmlp__error(INVALID,
                       "%s: OutputTensor.DataType is %s; with DMLP_EXECUTION_FLAG_CAST_TO_BOOL "
                       "it must be UINT8",
                       c->op, dmlp__type_name(info->output.type));
}

dmlp_status dmlp__validate_operator(uint32_t feature_level, uint32_t device_flags,
                                    const DML_OPERATOR_DESC *desc, uint32_t execution_flags,
                                    dmlp__op_info *out)
{
    return dmlp__validate_operator_as(desc ? dmlp__op_find(desc->Type) : NULL, feature_level,
                                      device_flags, desc, execution_flags, out);
}

/* An operator along axes (DMLP_ROWS): which dimensions its rows run along. The 1_0
   operators take the last axis of a tensor of effective rank at most 2 (DirectML's page:
   the DimensionCount without the leading axes of size 1); the 5_1 ones their Axes: 1 to
   DimensionCount entries, each below DimensionCount, no two the same. */
static dmlp_status check_row_axes(const context *c, const dmlp__op_def *def,
                                  const void *desc, const dmlp__field *count_field,
                                  const dmlp__field *axes_field, const char *input_name,
                                  dmlp__op_info *info)
{
    int kind = 0;
    bool last_axis = false;
    if (!dmlp__op_rows(def, &kind, &last_axis))
        return DMLP_OK;
    const dmlp__tensor *t = &info->inputs[info->main_input];
    uint32_t dims = t->dim_count;
    info->row_kind = kind;
    if (last_axis) { /* test_registry: AXIS_COUNT and AXES come together */
        uint32_t leading = 0;
        while (leading < dims && t->sizes[leading] == 1)
            leading++;
        if (dims - leading > 2)
            return dmlp__error(INVALID,
                               "%s: the effective rank of %s.Sizes is %u (its dimensions "
                               "without the leading ones of size 1); it must be at most 2 (a "
                               "batch axis and the axis the operator runs along)",
                               c->op, input_name, dims - leading);
        info->row_axes = 1u << (dims - 1);
        return DMLP_OK;
    }
    uint32_t count = dmlp__desc_uint(desc, count_field);
    const uint32_t *axes = dmlp__desc_axes(desc, axes_field);
    if (count == 0 || count > dims)
        return dmlp__error(INVALID, "%s: %s is %u; it must be 1 to %s.DimensionCount (%u)",
                           c->op, count_field->name, count, input_name, dims);
    if (!axes)
        return dmlp__error(INVALID, "%s: %s is NULL; it must point to %s (%u) axes", c->op,
                           axes_field->name, count_field->name, count);
    uint32_t mask = 0;
    for (uint32_t i = 0; i < count; i++) {
        if (axes[i] >= dims)
            return dmlp__error(INVALID,
                               "%s: %s[%u] is %u; it must be below %s.DimensionCount (%u)",
                               c->op, axes_field->name, i, axes[i], input_name, dims);
        if (mask >> axes[i] & 1u)
            return dmlp__error(INVALID, "%s: %s[%u] is %u, which an earlier entry names; "
                                        "each axis may appear once",
                               c->op, axes_field->name, i, axes[i]);
        mask |= 1u << axes[i];
    }
    info->row_axes = mask;
    return DMLP_OK;
}

dmlp_status dmlp__validate_operator_as(const dmlp__op_def *def, uint32_t feature_level,
                                       uint32_t device_flags, const DML_OPERATOR_DESC *desc,
                                       uint32_t execution_flags, dmlp__op_info *out)
{
    if (!desc)
        return dmlp__error(INVALID, "DML_OPERATOR_DESC is NULL; an operator needs a descriptor");
    if (!out)
        return dmlp__error(INVALID, "dmlp__op_info is NULL; validation needs somewhere to write");
    if (feature_level == 0)
        feature_level = DMLP__FEATURE_LEVEL_HIGHEST; /* a device's default */

    context c;
    memset(&c, 0, sizeof c);
    c.type = desc->Type;
    c.op = def ? def->name : NULL;
    c.output = "OutputTensor";
    c.level = feature_level;
    c.extensions = (device_flags & DMLP_DEVICE_FLAG_EXTENSIONS) != 0;
    if (!c.op) {
        if (desc->Type == DML_OPERATOR_INVALID)
            return dmlp__error(INVALID,
                               "DML_OPERATOR_DESC.Type is DML_OPERATOR_INVALID (0); it must "
                               "name an operator");
        char names[512];
        return dmlp__error(UNSUPPORTED, "DML_OPERATOR_DESC.Type is %d; dmlp supports %s",
                           (int)desc->Type,
                           dmlp__op_names(names, sizeof names, DMLP__OP_NAME_DML_VALUE, ", ",
                                          " and "));
    }
    if (feature_level < DML_FEATURE_LEVEL_1_0)
        return dmlp__error(INVALID, "%s: the device's feature level is 0x%" PRIx32
                                    "; it must be at least 1_0",
                           c.op, feature_level);
    if (!c.extensions && dmlp__operator_is_extension(desc->Type))
        return dmlp__error(UNSUPPORTED,
                           "%s: DML_OPERATOR_DESC.Type is DMLP_OPERATOR_%s (0x%x), an extension "
                           "operator; it needs a device created with "
                           "DMLP_DEVICE_FLAG_EXTENSIONS",
                           c.op, c.op, (unsigned)desc->Type);
    if (!dmlp__support_get(desc->Type, feature_level, c.extensions, &c.support)) {
        char needed[16];
        snprintf(needed, sizeof needed, "%s",
                 dmlp__feature_level_name(dmlp__operator_introduced(desc->Type)));
        return dmlp__error(UNSUPPORTED,
                           "%s: the device's feature level is %s; the operator needs feature "
                           "level %s or higher",
                           c.op, dmlp__feature_level_name(feature_level), needed);
    }
    if (!desc->Desc)
        return dmlp__error(INVALID, "%s: DML_OPERATOR_DESC.Desc is NULL; it must point to the "
                                    "operator's descriptor",
                           c.op);

    dmlp_status status = check_execution_flags(&c, execution_flags);
    if (status != DMLP_OK)
        return status;

    /* The descriptor's members, as the registry lays them out. */
    const DML_TENSOR_DESC *inputs[DMLP__MAX_INPUTS] = {NULL}, *output = NULL;
    const char *input_names[DMLP__MAX_INPUTS] = {NULL};
    bool optional[DMLP__MAX_INPUTS] = {false};
    const char *fused_name = NULL;
    DML_IS_INFINITY_MODE mode = DML_IS_INFINITY_MODE_EITHER;
    DML_ROUNDING_MODE rounding = DML_ROUNDING_MODE_HALVES_TO_NEAREST_EVEN;
    const DML_SCALE_BIAS *scale_bias = NULL;
    const DML_OPERATOR_DESC *fused = NULL;
    float floats[DMLP__MAX_FLOATS] = {0};
    uint32_t float_count = 0;
    DML_TENSOR_DATA_TYPE scalar_type = DML_TENSOR_DATA_TYPE_UNKNOWN;
    const char *scalar_type_name = NULL;
    const dmlp__field *scalar_fields[DMLP__MAX_SCALARS] = {NULL};
    uint32_t scalar_count = 0;
    const dmlp__field *axis_count_field = NULL, *axes_field = NULL;
    for (uint32_t i = 0; i < def->field_count; i++) {
        const dmlp__field *f = &def->fields[i];
        switch (f->kind) {
        case DMLP__FIELD_INPUT:
            if (c.input_count < DMLP__MAX_INPUTS) {
                input_names[c.input_count] = f->name;
                optional[c.input_count] = f->optional;
                inputs[c.input_count++] = dmlp__desc_tensor(desc->Desc, f);
            }
            break;
        case DMLP__FIELD_OUTPUT:
            output = dmlp__desc_tensor(desc->Desc, f);
            c.output = f->name;
            break;
        case DMLP__FIELD_INFINITY_MODE:
            mode = (DML_IS_INFINITY_MODE)dmlp__desc_enum(desc->Desc, f);
            if ((unsigned)mode > DML_IS_INFINITY_MODE_NEGATIVE)
                return dmlp__error(INVALID,
                                   "%s: %s is %d; it must be EITHER (0), POSITIVE (1) or "
                                   "NEGATIVE (2)",
                                   c.op, f->name, (int)mode);
            break;
        case DMLP__FIELD_ROUNDING_MODE:
            rounding = (DML_ROUNDING_MODE)dmlp__desc_enum(desc->Desc, f);
            if ((unsigned)rounding > DML_ROUNDING_MODE_TOWARD_INFINITY)
                return dmlp__error(INVALID,
                                   "%s: %s is %d; it must be HALVES_TO_NEAREST_EVEN (0), "
                                   "TOWARD_ZERO (1) or TOWARD_INFINITY (2)",
                                   c.op, f->name, (int)rounding);
            break;
        case DMLP__FIELD_SCALE_BIAS:
            scale_bias = dmlp__desc_scale_bias(desc->Desc, f);
            break;
        case DMLP__FIELD_FUSED_ACTIVATION:
            fused = dmlp__desc_operator(desc->Desc, f);
            fused_name = f->name;
            break;
        case DMLP__FIELD_FLOAT: /* any value: DirectML's pages set no bound */
            if (float_count < DMLP__MAX_FLOATS)
                floats[float_count++] = dmlp__desc_float(desc->Desc, f);
            break;
        case DMLP__FIELD_SCALAR_TYPE: /* checked against the output below */
            scalar_type = (DML_TENSOR_DATA_TYPE)dmlp__desc_enum(desc->Desc, f);
            scalar_type_name = f->name;
            break;
        case DMLP__FIELD_SCALAR: /* any value of the type, read once it is known */
            if (scalar_count < DMLP__MAX_SCALARS)
                scalar_fields[scalar_count++] = f;
            break;
        case DMLP__FIELD_AXIS_COUNT: /* checked against the input's dimensions below */
            axis_count_field = f;
            break;
        case DMLP__FIELD_AXES:
            axes_field = f;
            break;
        }
    }

    dmlp__op_info info;
    memset(&info, 0, sizeof info);
    info.type = desc->Type;
    info.input_count = c.input_count;
    info.mode = mode;
    info.rounding = rounding;
    info.has_scale_bias = scale_bias != NULL;
    if (scale_bias)
        info.scale_bias = *scale_bias;
    info.execution_flags = execution_flags;
    info.fused_activation = fused ? fused->Type : DML_OPERATOR_INVALID;
    memcpy(info.floats, floats, sizeof floats);

    /* Each input given (an optional one may be NULL: absent), then the main input (the
       first whose types the row's list gives) against the support row, every other
       input and the output against it. */
    bool main_found = false;
    for (uint32_t i = 0; i < c.input_count; i++) {
        if (!inputs[i] && optional[i]) {
            if (c.support.optional_from[i])
                return dmlp__error(UNSUPPORTED,
                                   "%s: %s is NULL; at feature level %s it is required (it "
                                   "may be NULL from %s)",
                                   c.op, input_names[i], dmlp__feature_level_name(c.level),
                                   dmlp__feature_level_name(c.support.optional_from[i]));
            info.absent |= 1u << i;
            continue;
        }
        if ((status = check_tensor(&c, input_names[i], inputs[i], false, &info.inputs[i])) !=
            DMLP_OK)
            return status;
        if (!main_found && c.support.own_type_count[i] == 0) {
            info.main_input = i;
            main_found = true;
        }
    }
    uint32_t m = info.main_input;
    const dmlp__tensor *main_tensor = &info.inputs[m];
    if ((status = check_tensor(&c, c.output, output, true, &info.output)) != DMLP_OK)
        return status;
    if (c.support.own_type_count[m] != 0) {
        if ((status = check_own_type(&c, m, input_names[m], main_tensor->type)) != DMLP_OK)
            return status;
    } else if ((status = check_input_support(&c, input_names[m], main_tensor)) != DMLP_OK) {
        return status;
    }
    if (scalar_type_name && scalar_type != info.output.type) {
        return dmlp__error(INVALID, "%s: %s is %s; it must be %s.DataType (%s)", c.op,
                           scalar_type_name, dmlp__type_name(scalar_type), c.output,
                           dmlp__type_name(info.output.type));
    }
    for (uint32_t i = 0; i < scalar_count; i++) {
        DML_SCALAR_UNION scalar = dmlp__desc_scalar(desc->Desc, scalar_fields[i]);
        info.scalars[i] = dmlp__scalar_load(scalar_type, &scalar);
    }
    for (uint32_t i = 0; i < c.input_count; i++) {
        if (i == m || (info.absent >> i & 1u))
            continue;
        if (c.support.own_type_count[i] != 0)
            status = check_own_type(&c, i, input_names[i], info.inputs[i].type);
        if (status == DMLP_OK)
            status = c.support.own_type_count[i] != 0
                         ? check_sizes(&c, input_names[m], main_tensor, input_names[i],
                                       &info.inputs[i], true)
                         : check_pair(&c, input_names[m], main_tensor, input_names[i],
                                      &info.inputs[i], false);
        if (status != DMLP_OK)
            return status;
    }
    if ((status = check_pair(&c, input_names[m], main_tensor, c.output, &info.output,
                             true)) != DMLP_OK ||
        (status = check_type_rules(&c, &info, input_names)) != DMLP_OK ||
        (status = check_output_distinct(&c, &info.output)) != DMLP_OK ||
        (status = check_scale_bias(&c, &info)) != DMLP_OK ||
        (status = check_fused_activation(&c, fused_name, fused, &info.output,
                                         info.fused_floats)) != DMLP_OK ||
        (status = check_cast_to_bool(&c, &info)) != DMLP_OK ||
        (status = check_row_axes(&c, def, desc->Desc, axis_count_field, axes_field,
                                 input_names[m], &info)) != DMLP_OK)
        return status;

    *out = info;
    return DMLP_OK;
}
