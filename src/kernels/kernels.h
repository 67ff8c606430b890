/* Internal: the kernel interface between the core (validation, planning, threading) and
   the kernels (reference scalar ones, and per-CPU fast ones).

   A kernel computes one operator for one input type over a contiguous run:
   out[i] = f(in[i]) for i in [0, n). `in` and `out` are either disjoint or identical
   (in-place); they carry no alignment promise beyond the element size. The core
   coalesces strided tensors into contiguous runs (gathering into a tile when it must),
   so kernels never see strides. */
#ifndef DMLP_KERNELS_H
#define DMLP_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "dmlp.h"

/* Software prefetch of a streaming kernel's input (the core chooses it by measurement,
   core/tune.h). */
typedef enum dmlp__prefetch {
    DMLP__PREFETCH_NONE = 0,
    DMLP__PREFETCH_T0,  /* into every cache level */
    DMLP__PREFETCH_NTA, /* non-temporal: the data is used once */
    DMLP__PREFETCH_COUNT
} dmlp__prefetch;

typedef struct dmlp__kernel_args {
    DML_IS_INFINITY_MODE mode; /* IsInfinity only */
    uint32_t nan_propagate;    /* Sign only: NaN -> quiet input NaN instead of +0 */
    uint32_t streaming;        /* hint: output will not be re-read soon; a kernel may use
                                  non-temporal stores (and must fence before returning,
                                  unless the value is DMLP__STREAM_NO_FENCE) */
    uint32_t scale_bias;       /* Identity only: apply x * scale + bias (float types) */
    float scale, bias;
    uint32_t prefetch;          /* when streaming: dmlp__prefetch of the input ... */
    uint32_t prefetch_distance; /* ... this many bytes ahead (a multiple of 64) */
    uint32_t recip;             /* Softsign f16/bf16/f32: the reciprocal form (estimate,
                                   Newton step, exact FMA correction) instead of a divide,
                                   where dmlp__softsign_has_recip; the same bits either way */
    uint32_t unroll;            /* cache-resident runs: several blocks per loop iteration
                                   (at least four vectors of input), where measured faster
                                   (core/tune.c); the same bits either way */
    uint32_t clamp_keys;        /* Clip and Threshold of floats with number bounds: a
                                   signed max and min of ordering keys instead of Max's
                                   kernel (ops/clamp.h); the same bits either way */
    uint32_t f16_halves;        /* the FLOAT16 comparisons: as binary32 high halves
                                   instead of 16-bit keys (ops/logical.h); the same bits
                                   either way */
    uint32_t table16_gather;    /* 16-bit lookups in a table of results (the correctly
                                   rounded functions' f16 and bf16 rows) by the ISA's
                                   gathers instead of a scalar loop, where measured faster
                                   (core/tune.c); the same bits either way */
    uint32_t portable;          /* use no instruction beyond the kernel level's own even
                                   where the CPU has it (Softsign bf16's rounding, IsInfinity
                                   f64's byte permute): for tests, so that both forms run;
                                   the same bits either way */
    /* ADD1 only: the fused activation's reference kernel (NULL: none), applied in place
       to each run of rounded sums with fused_param as its FLOAT members */
    void (*fused)(size_t n, const void *in, void *out, const struct dmlp__kernel_args *args);
    float fused_param[4];
    uint32_t cast;              /* Cast only: the DMLP_EXECUTION_FLAG_CAST_* bits */
    uint32_t shift_zero;        /* the shifts: a count at or past the width gives 0
                                   (DMLP_EXECUTION_FLAG_SHIFT_PAST_WIDTH_ZERO), not the
                                   count modulo the width */
    uint32_t out_size;          /* the output's element bytes, read by the kernels whose
                                   output is UINT8 or UINT32 (1 or 4) by the output
                                   tensor: the logical two-input ones, IsNaN and BitCount
                                   (0 reads as 1) */
    float param[4];             /* the descriptor's FLOAT members in member order (Alpha,
                                   Beta; Min, Max; Bias, Threshold ...) */
    DML_ROUNDING_MODE rounding; /* Round only */
    uint64_t scalar[2];         /* the descriptor's DML_SCALAR_UNION members in member
                                   order (CLIP1's Min, Max): the element's bits in the
                                   tensor's type, zero-extended */
    /* N-input rows (core/plan_nary.c): input k's data type (UNKNOWN when absent), for a
       kernel keyed by its main input's type whose other inputs have types of their own
       (QuantizedLinearAdd's BTensor) */
    DML_TENSOR_DATA_TYPE in_type[8];
    uint32_t chain_length;      /* chain kernels only: the maps in `chain`, in order */
    uint8_t chain[8];           /* dmlp__chain_op; recip applies to every Softsign in it */
    struct {                    /* each map's own arguments, as its node's plan has them */
        float param[4];         /* its FLOAT members (param above) */
        uint32_t nan_propagate; /* its NaN rule (nan_propagate above) */
    } chain_step[8];
} dmlp__kernel_args;

/* A chain kernel applies several maps of one float type to each element in turn, in
   registers, so a graph of such nodes (core/graph_plan.c) reads and writes memory once.
   Each map is the whole operator: its result is rounded to the type before the next map
   reads it, so a chain gives the bits of its nodes run one by one. Each map has its own
   FLOAT members and NaN rule (args.chain_step). Listed in
   chain_kernel_list.inc (FLOAT16, BFLOAT16, FLOAT32, FLOAT64); no reference kernel, as
   the graph runs its nodes' own kernels where there is no chain kernel. */
typedef enum dmlp__chain_op {
    DMLP__CHAIN_ABS = 1,
    DMLP__CHAIN_NEGATE,
    DMLP__CHAIN_SIGN,
    DMLP__CHAIN_SOFTSIGN,
    DMLP__CHAIN_RELU,
    DMLP__CHAIN_CEIL,
    DMLP__CHAIN_FLOOR,
    DMLP__CHAIN_ROUND,          /* + DML_ROUNDING_MODE: one map per mode */
    DMLP__CHAIN_RECIP = DMLP__CHAIN_ROUND + 3,
    DMLP__CHAIN_SQRT,
    DMLP__CHAIN_LEAKY_RELU,
    DMLP__CHAIN_LINEAR,
    DMLP__CHAIN_HARD_SIGMOID,
    DMLP__CHAIN_THRESHOLDED_RELU,
    DMLP__CHAIN_SHRINK,
    DMLP__CHAIN_CLIP,
    DMLP__CHAIN_THRESHOLD,
    DMLP__CHAIN_HARD_SWISH
} dmlp__chain_op;
#define DMLP__CHAIN_MAX 8u

/* args.streaming value for runs of many short calls: non-temporal stores without the
   fence, which the caller issues once after the last call (dmlp__plan_run does). */
#define DMLP__STREAM_NO_FENCE 2u

typedef void (*dmlp__unary_kernel)(size_t n, const void *in, void *out,
                                   const dmlp__kernel_args *args);

/* A two-input kernel: out[i] = f(a[i], b[i]) for i in [0, n), all three of one type (the
   logical kernels: a and b of one type, out of args->out_size bytes, UINT8 or UINT32). When
   `scalar` has DMLP__SCALAR_A, a is one element used for every i (an input broadcast
   along the run, stride 0); likewise DMLP__SCALAR_B. out is disjoint from each input or
   identical to it (in place); a scalar input is never the output. Listed in
   binary_kernel_list.inc. */
#define DMLP__SCALAR_A 1u
#define DMLP__SCALAR_B 2u
typedef void (*dmlp__binary_kernel)(size_t n, const void *a, const void *b, void *out,
                                    uint32_t scalar, const dmlp__kernel_args *args);

/* A kernel of a row with three or more inputs (the N-input plan, core/plan_nary.h):
   out[i] = f(in[0][i], in[1][i], ...) for i in [0, n), each input of its own type (the
   row's), out of the output's. Bit k of `scalar` says input k is one element used for
   every i (broadcast along the run, stride 0); an absent optional input is NULL. out is
   disjoint from each input or identical to one (in place); a scalar input is never the
   output. Listed in nary_kernel_list.inc, keyed by the main input's type and the
   output's. */
typedef void (*dmlp__nary_kernel)(size_t n, const void *const *in, void *out, uint32_t scalar,
                                  const dmlp__kernel_args *args);

/* Instruction-set levels, lowest first within a processor family (scalar is every
   family's lowest). A kernel of level L runs on a CPU that has L. */
typedef enum dmlp__isa {
    DMLP__ISA_SCALAR = 0, /* portable C: the reference kernels */
    DMLP__ISA_SSE2,
    DMLP__ISA_AVX2,       /* AVX2 + FMA + F16C */
    DMLP__ISA_AVX512,     /* AVX-512 F, BW, VL, DQ */
    DMLP__ISA_NEON,       /* aarch64 AdvSIMD (every AArch64 CPU) */
    DMLP__ISA_COUNT
} dmlp__isa;

typedef struct dmlp__kernel_choice {
    dmlp__unary_kernel fn;
    dmlp__isa isa;
    const char *name; /* e.g. "f32_softsign__avx512" */
} dmlp__kernel_choice;

typedef struct dmlp__binary_kernel_choice {
    dmlp__binary_kernel fn;
    dmlp__isa isa;
    const char *name; /* e.g. "f32_add__reference" */
} dmlp__binary_kernel_choice;

/* The reference (scalar, written for clarity) kernel; NULL when op x type has none.
   For IsInfinity `type` is the input type (the output is always UINT8). */
dmlp__unary_kernel dmlp__reference_kernel(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type);

/* A conversion's kernel (kernel_list.inc's DMLP__CONVERT_ROW: Cast), keyed by the input
   and the output type; NULL when there is none. dmlp__kernel_select and
   dmlp__reference_kernel find the kernels keyed by the input type alone. */
dmlp__kernel_choice dmlp__convert_kernel(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE in_type,
                                         DML_TENSOR_DATA_TYPE out_type);

/* The best kernel for op x type whose ISA is at most `max_isa` and that this CPU runs;
   falls back to the reference kernel. fn is NULL only when the reference has none. */
dmlp__kernel_choice dmlp__kernel_select(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type,
                                        dmlp__isa max_isa);

/* The highest ISA this CPU supports, capped by the DMLP_ISA environment variable
   (scalar|sse2|avx2|avx512 on x86-64, scalar|neon on aarch64; a level of another
   processor family is ignored, like an unknown name), read once. */
dmlp__isa dmlp__isa_detect(void);
const char *dmlp__isa_name(dmlp__isa isa);

/* Whether Softsign's f32, f16 and bf16 kernels of this level have the reciprocal form
   (dmlp__kernel_args.recip) beside the divide: the levels with FMA (x86-64's AVX2 and
   AVX-512). Elsewhere the kernels always divide and ignore recip, so there is no choice
   to measure or report. Defined by the processor family's kernel table. */
int dmlp__softsign_has_recip(dmlp__isa isa);

/* Whether the 16-bit table kernels of this level can look up by gathers
   (dmlp__kernel_args.table16_gather) beside the scalar loop: x86-64's AVX2 and AVX-512.
   Defined by the processor family's kernel table. */
int dmlp__table16_has_gather(dmlp__isa isa);

/* From this many elements a divided Softsign kernel of bf16, f32 or f64 on x86 runs with
   denormals read as zero (and restores the caller's controls); below, it divides them as
   they are. The same bits either way; tests cover both sides. */
#define DMLP__DAZ_MIN_ELEMENTS 16384

/* Whether the CPU rounds f32 to bf16 in one instruction the AVX-512 Softsign uses when it
   may (x86's AVX512-BF16; dmlp__kernel_args.portable says it may not). Read once. */
int dmlp__isa_bf16_round(void);

/* Whether the CPU counts the bits of each 8-, 16-, 32- and 64-bit lane in one instruction
   (x86's AVX512-VPOPCNTDQ and BITALG), which the AVX-512 BitCount uses when it may
   (dmlp__kernel_args.portable says it may not). Read once. */
int dmlp__isa_lane_popcount(void);

/* Whether the CPU permutes bytes across a whole vector (x86's AVX512-VBMI), which the
   AVX-512 IsInfinity f64 uses when it may. Read once. */
int dmlp__isa_byte_permute(void);

typedef struct dmlp__nary_kernel_choice {
    dmlp__nary_kernel fn;
    dmlp__isa isa;
    const char *name; /* e.g. "f32_if__reference" */
} dmlp__nary_kernel_choice;

/* Every kernel variant compiled in for op x type (best first, reference last); for tests
   and bench. Returns the count written (at most `capacity`). Includes variants the CPU
   cannot run: check isa against dmlp__isa_detect() before calling one. */
size_t dmlp__kernel_variants(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type,
                             dmlp__kernel_choice *out, size_t capacity);

/* The chain kernel for `type` whose ISA is at most `max_isa` and that this CPU runs; fn
   is NULL when there is none (a scalar build, or a type without one). */
dmlp__kernel_choice dmlp__chain_kernel_select(DML_TENSOR_DATA_TYPE type, dmlp__isa max_isa);
/* Every chain kernel compiled in for `type`, best first (tests and bench; check isa
   against dmlp__isa_detect() before calling one). */
size_t dmlp__chain_kernel_variants(DML_TENSOR_DATA_TYPE type, dmlp__kernel_choice *out,
                                   size_t capacity);

/* The same for two-input operators (binary_kernel_list.inc). */
dmlp__binary_kernel dmlp__binary_reference_kernel(DML_OPERATOR_TYPE op,
                                                  DML_TENSOR_DATA_TYPE type);
dmlp__binary_kernel_choice dmlp__binary_kernel_select(DML_OPERATOR_TYPE op,
                                                      DML_TENSOR_DATA_TYPE type,
                                                      dmlp__isa max_isa);
size_t dmlp__binary_kernel_variants(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type,
                                    dmlp__binary_kernel_choice *out, size_t capacity);

/* The same for the N-input operators (nary_kernel_list.inc), keyed by the main input's
   type and the output's. */
dmlp__nary_kernel dmlp__nary_reference_kernel(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type,
                                              DML_TENSOR_DATA_TYPE out_type);
dmlp__nary_kernel_choice dmlp__nary_kernel_select(DML_OPERATOR_TYPE op,
                                                  DML_TENSOR_DATA_TYPE type,
                                                  DML_TENSOR_DATA_TYPE out_type,
                                                  dmlp__isa max_isa);
size_t dmlp__nary_kernel_variants(DML_OPERATOR_TYPE op, DML_TENSOR_DATA_TYPE type,
                                  DML_TENSOR_DATA_TYPE out_type, dmlp__nary_kernel_choice *out,
                                  size_t capacity);

#endif
