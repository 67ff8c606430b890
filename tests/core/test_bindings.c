/* test_bindings — dmlp_operator_execute's binding rules (docs/validation.md): counts, NULL arrays
   and buffers, size, wrap-around, GuaranteedBaseOffsetAlignment, overlap and exact
   in-place. Each refusal is checked for its status, a message fragment, a one-line
   message, and an arena (every binding plus guard bytes around it) unchanged byte for
   byte; each acceptance for a correct result and untouched guards. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "dmlp.h"
#include "kernels/kernels.h"
#include "test_util.h"

#define ARENA 8192u

static _Alignas(64) unsigned char arena[ARENA];
static unsigned char snapshot[ARENA];

static const uint32_t sizes[4] = {2, 3, 4, 5}; /* 120 elements */
#define ELEMENTS 120u

static void fill_arena(void)
{
    for (uint32_t i = 0; i < ARENA; i++)
        arena[i] = (unsigned char)(i * 7u + 3u);
    /* Some infinities and negatives in the float32 slots, for meaningful results. */
    for (uint32_t i = 0; i + 4 <= ARENA; i += 16) {
        uint32_t v = (i / 16) % 3 == 0 ? 0x7f800000u : (i / 16) % 3 == 1 ? 0xbf000000u : 0xff800000u;
        memcpy(arena + i, &v, 4);
    }
    memcpy(snapshot, arena, ARENA);
}

typedef struct op_setup {
    DML_BUFFER_TENSOR_DESC in_desc, out_desc;
    DML_TENSOR_DESC in, out;
    DML_ELEMENT_WISE_SIGN_OPERATOR_DESC sign;
    DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC isinf;
    DML_OPERATOR_DESC desc;
} op_setup;

static dmlp_operator *make_op(dmlp_device *device, DML_OPERATOR_TYPE type,
                              const uint32_t *out_strides, uint32_t in_alignment,
                              uint32_t out_alignment)
{
    op_setup s;
    memset(&s, 0, sizeof s);
    DML_TENSOR_DATA_TYPE out_type = type == DML_OPERATOR_ELEMENT_WISE_IS_INFINITY
                                        ? DML_TENSOR_DATA_TYPE_UINT8
                                        : DML_TENSOR_DATA_TYPE_FLOAT32;
    s.in_desc = (DML_BUFFER_TENSOR_DESC){DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 4,
                                         sizes, NULL, ELEMENTS * 4, in_alignment};
    s.out_desc = (DML_BUFFER_TENSOR_DESC){
        out_type, DML_TENSOR_FLAG_NONE, 4, sizes, out_strides,
        dmlp_calc_buffer_tensor_size(out_type, 4, sizes, out_strides), out_alignment};
    s.in = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &s.in_desc};
    s.out = (DML_TENSOR_DESC){DML_TENSOR_TYPE_BUFFER, &s.out_desc};
    s.sign = (DML_ELEMENT_WISE_SIGN_OPERATOR_DESC){&s.in, &s.out};
    s.isinf = (DML_ELEMENT_WISE_IS_INFINITY_OPERATOR_DESC){&s.in, &s.out,
                                                          DML_IS_INFINITY_MODE_EITHER};
    s.desc.Type = type;
    /* Sign and Softsign descs have the same layout. */
    s.desc.Desc = type == DML_OPERATOR_ELEMENT_WISE_IS_INFINITY ? (const void *)&s.isinf
                                                                : (const void *)&s.sign;
    dmlp_operator *op = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &s.desc, 0, &op), DMLP_OK);
    return op;
}

/* A refusal: the status, the fragment, one line, and not one arena byte changed. */
static void refused(dmlp_operator *op, uint32_t in_count, const dmlp_buffer_binding *in,
                    uint32_t out_count, const dmlp_buffer_binding *out, const char *fragment,
                    const char *what)
{
    fill_arena();
    dmlp_status s = dmlp_operator_execute(op, in_count, in, out_count, out);
    CHECK(s == DMLP_ERROR_INVALID_ARGUMENT, "%s: status %s (%s)", what, dmlp_status_string(s),
          dmlp_last_error());
    CHECK_CONTAINS(dmlp_last_error(), fragment);
    CHECK(strchr(dmlp_last_error(), '\n') == NULL, "%s: message has a newline", what);
    CHECK(memcmp(arena, snapshot, ARENA) == 0, "%s: the arena changed", what);
}

/* An acceptance: OK, the output right (checked with the reference kernel per element),
   and every other arena byte unchanged. */
static void accepted(dmlp_operator *op, DML_OPERATOR_TYPE type, uint32_t in_at,
                     uint32_t out_at, const uint32_t *out_strides, const char *what)
{
    fill_arena();
    unsigned char expected[ARENA];
    memcpy(expected, arena, ARENA);
    dmlp__unary_kernel ref = dmlp__reference_kernel(type, DML_TENSOR_DATA_TYPE_FLOAT32);
    dmlp__kernel_args args;
    memset(&args, 0, sizeof args);
    uint32_t osz = type == DML_OPERATOR_ELEMENT_WISE_IS_INFINITY ? 1 : 4;
    uint32_t index[4] = {0};
    for (uint32_t e = 0; e < ELEMENTS; e++) {
        uint32_t oo = 0, packed = 1;
        for (uint32_t d = 4; d-- > 0;) {
            oo += index[d] * (out_strides ? out_strides[d] : packed);
            packed *= sizes[d];
        }
        ref(1, snapshot + in_at + e * 4, expected + out_at + oo * osz, &args);
        for (uint32_t d = 4; d-- > 0;) {
            if (++index[d] < sizes[d])
                break;
            index[d] = 0;
        }
    }
    uint64_t out_total = dmlp_calc_buffer_tensor_size(
        type == DML_OPERATOR_ELEMENT_WISE_IS_INFINITY ? DML_TENSOR_DATA_TYPE_UINT8
                                                      : DML_TENSOR_DATA_TYPE_FLOAT32,
        4, sizes, out_strides);
    dmlp_buffer_binding in = {arena, in_at, ELEMENTS * 4};
    dmlp_buffer_binding out = {arena + out_at - 8, 8, out_total};
    CHECK_STATUS(dmlp_operator_execute(op, 1, &in, 1, &out), DMLP_OK);
    CHECK(memcmp(arena, expected, ARENA) == 0, "%s: arena differs from the expected bytes",
          what);
}

int main(void)
{
    dmlp_device *device = NULL;
    CHECK_STATUS(dmlp_device_create(NULL, &device), DMLP_OK);
    if (!device)
        return test_finish("test_bindings");
    const uint32_t in_bytes = ELEMENTS * 4;
    const uint32_t padded[4] = {3 * 4 * 6, 4 * 6, 6, 1}; /* rows of 5 padded to 6 */

    dmlp_operator *sign = make_op(device, DML_OPERATOR_ELEMENT_WISE_SIGN, NULL, 0, 0);
    dmlp_operator *softsign = make_op(device, DML_OPERATOR_ACTIVATION_SOFTSIGN, NULL, 0, 0);
    dmlp_operator *isinf = make_op(device, DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, NULL, 0, 0);
    dmlp_operator *sign_padded = make_op(device, DML_OPERATOR_ELEMENT_WISE_SIGN, padded, 0, 0);
    dmlp_operator *aligned = make_op(device, DML_OPERATOR_ELEMENT_WISE_SIGN, NULL, 16, 32);
    if (!sign || !softsign || !isinf || !sign_padded || !aligned)
        return test_finish("test_bindings");

    const uint32_t IN = 1024, OUT = 4096; /* tensor starts in the arena */
    dmlp_buffer_binding in = {arena, IN, in_bytes};
    dmlp_buffer_binding out = {arena, OUT, in_bytes};
    dmlp_buffer_binding two_in[2] = {in, in};
    dmlp_buffer_binding two_out[2] = {out, out};

    /* Sanity: the plain bindings work. */
    accepted(sign, DML_OPERATOR_ELEMENT_WISE_SIGN, IN, OUT, NULL, "plain sign");
    accepted(isinf, DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, IN, OUT, NULL, "plain isinf");
    accepted(sign_padded, DML_OPERATOR_ELEMENT_WISE_SIGN, IN, OUT, padded, "padded output");

    /* Counts and arrays. */
    CHECK_STATUS(dmlp_operator_execute(NULL, 1, &in, 1, &out), DMLP_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(dmlp_last_error(), "op is NULL");
    refused(sign, 0, &in, 1, &out, "input_count is 0", "no input");
    refused(sign, 2, two_in, 1, &out, "input_count is 2", "two inputs");
    refused(sign, 1, &in, 0, &out, "output_count is 0", "no output");
    refused(sign, 1, &in, 2, two_out, "output_count is 2", "two outputs");
    refused(sign, 1, NULL, 1, &out, "inputs is NULL", "NULL inputs");
    refused(sign, 1, &in, 1, NULL, "outputs is NULL", "NULL outputs");

    /* Buffers. */
    dmlp_buffer_binding b = {NULL, IN, in_bytes};
    refused(sign, 1, &b, 1, &out, "InputTensor binding buffer is NULL", "NULL input buffer");
    b = (dmlp_buffer_binding){NULL, OUT, in_bytes};
    refused(sign, 1, &in, 1, &b, "OutputTensor binding buffer is NULL", "NULL output buffer");

    /* Size: the range from buffer + offset must hold TotalTensorSizeInBytes. */
    b = (dmlp_buffer_binding){arena, IN, in_bytes - 1};
    refused(sign, 1, &b, 1, &out, "InputTensor binding size_in_bytes is 479", "short input");
    b = (dmlp_buffer_binding){arena, OUT, in_bytes - 4};
    refused(sign, 1, &in, 1, &b, "OutputTensor binding size_in_bytes is 476", "short output");
    b = (dmlp_buffer_binding){arena, OUT, 0};
    refused(sign, 1, &in, 1, &b, "TotalTensorSizeInBytes (480)", "empty output");
    b = (dmlp_buffer_binding){arena, OUT, ELEMENTS - 1};
    refused(isinf, 1, &in, 1, &b, "OutputTensor binding size_in_bytes is 119", "short u8");
    b = (dmlp_buffer_binding){arena, OUT, ELEMENTS};
    fill_arena();
    CHECK_STATUS(dmlp_operator_execute(isinf, 1, &in, 1, &b), DMLP_OK); /* exactly enough */

    /* Wrap-around: fake pointers near the top of the address space, refused before any
       access (an access would crash the test). */
    b = (dmlp_buffer_binding){(void *)(UINTPTR_MAX - 100), 0, in_bytes};
    refused(sign, 1, &b, 1, &out, "wraps around", "input range wraps");
    b = (dmlp_buffer_binding){(void *)(UINTPTR_MAX - 100), 0, in_bytes};
    refused(sign, 1, &in, 1, &b, "OutputTensor binding range", "output range wraps");
    b = (dmlp_buffer_binding){arena, UINT64_MAX, in_bytes};
    refused(sign, 1, &b, 1, &out, "buffer + offset wraps", "input offset wraps");
    b = (dmlp_buffer_binding){arena, (uint64_t)(UINTPTR_MAX - (uintptr_t)arena) - 8, in_bytes};
    refused(sign, 1, &in, 1, &b, "wraps around", "offset to the top, range wraps");
    b = (dmlp_buffer_binding){arena, OUT, UINT64_MAX};
    refused(sign, 1, &in, 1, &b, "wraps around", "size to the top");

    /* GuaranteedBaseOffsetAlignment: 16 on the input, 32 on the output. */
    accepted(aligned, DML_OPERATOR_ELEMENT_WISE_SIGN, IN + 16, OUT + 32, NULL, "aligned");
    b = (dmlp_buffer_binding){arena, IN + 4, in_bytes};
    refused(aligned, 1, &b, 1, &out, "GuaranteedBaseOffsetAlignment promises a multiple of 16",
            "input misaligned");
    b = (dmlp_buffer_binding){arena + 16, IN - 8, in_bytes};
    refused(aligned, 1, &b, 1, &out, "InputTensor binding address", "input misaligned by base");
    b = (dmlp_buffer_binding){arena, OUT + 16, in_bytes};
    refused(aligned, 1, &in, 1, &b, "GuaranteedBaseOffsetAlignment promises a multiple of 32",
            "output misaligned");

    /* Overlap: any other overlap than exact in-place is refused; touching is fine. */
    b = (dmlp_buffer_binding){arena, IN + 4, in_bytes};
    refused(sign, 1, &in, 1, &b, "OutputTensor binding range is [0x",
            "output starts inside input");
    refused(softsign, 1, &in, 1, &b, "only exact in-place execution", "softsign offset by 4");
    b = (dmlp_buffer_binding){arena, IN - in_bytes + 4, in_bytes};
    refused(sign, 1, &in, 1, &b, "; it overlaps the InputTensor binding range [0x",
            "output ends inside input");
    b = (dmlp_buffer_binding){arena + IN - 4, 0, in_bytes};
    refused(sign, 1, &in, 1, &b, "overlaps", "output one element before input");
    b = (dmlp_buffer_binding){arena, IN + 1, in_bytes};
    refused(isinf, 1, &in, 1, &b, "overlaps", "u8 output inside the input");
    b = (dmlp_buffer_binding){arena, IN + in_bytes - 1, in_bytes};
    refused(isinf, 1, &in, 1, &b, "overlaps", "u8 output on the input's last byte");
    {
        char fragment[96];
        snprintf(fragment, sizeof fragment, "[0x%" PRIxPTR ",0x%" PRIxPTR ")",
                 (uintptr_t)(arena + IN), (uintptr_t)(arena + IN + in_bytes));
        b = (dmlp_buffer_binding){arena, IN + 8, in_bytes};
        refused(sign, 1, &in, 1, &b, fragment, "message names the input range");
    }
    accepted(sign, DML_OPERATOR_ELEMENT_WISE_SIGN, IN, IN + in_bytes, NULL, "output touches input end");
    accepted(sign, DML_OPERATOR_ELEMENT_WISE_SIGN, IN, IN - in_bytes, NULL, "output touches input start");
    accepted(isinf, DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, IN, IN + in_bytes, NULL,
             "u8 output touches input end");
    accepted(isinf, DML_OPERATOR_ELEMENT_WISE_IS_INFINITY, IN, IN - ELEMENTS, NULL,
             "u8 output touches input start");

    /* Exact in place: Sign and Softsign yes, IsInfinity never, another layout never. */
    accepted(sign, DML_OPERATOR_ELEMENT_WISE_SIGN, IN, IN, NULL, "sign in place");
    accepted(softsign, DML_OPERATOR_ACTIVATION_SOFTSIGN, IN, IN, NULL, "softsign in place");
    accepted(softsign, DML_OPERATOR_ACTIVATION_SOFTSIGN, IN + 2, IN + 2, NULL,
             "softsign in place, off element alignment");
    refused(isinf, 1, &in, 1, &in, "IsInfinity never runs in place", "isinf in place");
    b = (dmlp_buffer_binding){arena, IN, 572}; /* holds the padded output */
    refused(sign_padded, 1, &in, 1, &b, "same start, size and strides",
            "sign in place with another output layout");
    b = (dmlp_buffer_binding){arena, IN, in_bytes};
    b.buffer = arena + 8;
    b.offset = IN - 8; /* the same start reached another way is still in place */
    accepted(sign, DML_OPERATOR_ELEMENT_WISE_SIGN, IN, IN, NULL, "sign in place, same start");
    fill_arena();
    CHECK_STATUS(dmlp_operator_execute(sign, 1, &in, 1, &b), DMLP_OK);

    /* A failure overwrites the message; a success leaves it as it was. */
    refused(sign, 1, &in, 1, NULL, "outputs is NULL", "before success");
    fill_arena();
    CHECK_STATUS(dmlp_operator_execute(sign, 1, &in, 1, &out), DMLP_OK);
    CHECK_CONTAINS(dmlp_last_error(), "outputs is NULL");

    dmlp_operator_destroy(aligned);
    dmlp_operator_destroy(sign_padded);
    dmlp_operator_destroy(isinf);
    dmlp_operator_destroy(softsign);
    dmlp_operator_destroy(sign);
    dmlp_operator_destroy(NULL);
    dmlp_device_destroy(device);
    return test_finish("test_bindings");
}
