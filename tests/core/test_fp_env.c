/* test_fp_env — dmlp_operator_execute's results do not depend on the caller's
   floating-point environment. A caller built with -ffast-math runs with FTZ and DAZ set
   (on aarch64: FPCR.FZ, and FZ16 where the CPU has it), another may have called
   fesetround(); execute must still give the reference kernel's
   bytes (computed here under the default environment), on the calling thread and on pool
   threads (including threads started while the caller's environment was changed), through
   the best kernels (DMLP_ISA unset) — and leave the caller's environment as it found it.
   Where the control register exists the flush-to-zero cases must run, and each first
   shows that the bits it set do flush here (under qemu as well); the platform layer's
   enter/leave is checked on the register itself (FZ16 included, which no kernel's result
   shows: the f16 kernels compute in f32). The two-input float operators (Add, Subtract,
   Multiply, Divide, Max, Min, Mean, DifferenceSquare) in every float type likewise give
   their default-environment bytes under every environment, on every thread. */
#include <fenv.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dmlp.h"
#include "kernels/kernels.h"
#include "platform/fp_env.h"
#include "test_util.h"

#if defined(__x86_64__) || defined(_M_X64)
#include <xmmintrin.h>
#define HAVE_MXCSR 1
#define MXCSR_DAZ 0x0040u
#define MXCSR_FTZ 0x8000u
#define MXCSR_FLAGS 0x003fu
#else
#define HAVE_MXCSR 0
#endif

/* aarch64: FPCR holds only control bits (the flags are in FPSR). FZ flushes f32/f64
   subnormals, FZ16 (where the CPU has FP16 arithmetic; else it reads as zero) f16 ones. */
#if defined(__aarch64__)
#define HAVE_FPCR 1
#define FPCR_FZ (1u << 24)
#define FPCR_FZ16 (1u << 19)
static unsigned int fpcr_read(void)
{
    uint64_t v;
    __asm__ volatile("mrs %0, fpcr" : "=r"(v));
    return (unsigned int)v;
}
static void fpcr_write(unsigned int v)
{
    uint64_t w = v;
    __asm__ volatile("msr fpcr, %0" ::"r"(w) : "memory");
}
#else
#define HAVE_FPCR 0
#endif

/* Enough elements that a 2-thread device splits every tensor over both threads. */
#define BIG (1u << 18)
#define SMALL 16u

static uint64_t rng_state = 0x2545f4914f6cdd1du;

static uint64_t rnd(void) { return test_rng(&rng_state); }

typedef struct type_case {
    DML_TENSOR_DATA_TYPE type;
    uint32_t size;
    uint64_t exponent_mask; /* clearing these bits makes a subnormal (or zero) */
    const char *name;
} type_case;

static const type_case types[] = {
    {DML_TENSOR_DATA_TYPE_FLOAT32, 4, 0x7f800000u, "f32"},
    {DML_TENSOR_DATA_TYPE_FLOAT16, 2, 0x7c00u, "f16"},
    {DMLP_TENSOR_DATA_TYPE_BFLOAT16, 2, 0x7f80u, "bf16"},
    {DML_TENSOR_DATA_TYPE_FLOAT64, 8, 0x7ff0000000000000u, "f64"},
};

static const DML_OPERATOR_TYPE ops[] = {DML_OPERATOR_ACTIVATION_SOFTSIGN,
                                        DML_OPERATOR_ELEMENT_WISE_SIGN};

/* Half subnormals (the smallest ones often), half random patterns: ordinary numbers whose
   quotient's rounding depends on the rounding mode, plus infinities and NaNs. */
static void fill(unsigned char *buf, uint32_t n, const type_case *t)
{
    for (uint32_t i = 0; i < n; i++) {
        uint64_t v = rnd();
        uint64_t r = rnd() % 8;
        if (r < 3)
            v &= ~t->exponent_mask;
        else if (r == 3)
            v = (v & ((uint64_t)1 << (t->size * 8 - 1))) | (rnd() % 4); /* tiny subnormals */
        memcpy(buf + (size_t)i * t->size, &v, t->size); /* little-endian: the low bytes */
    }
}

typedef struct env {
    int round;
    bool ftz_daz;
    const char *name;
} env;

/* The environment as the caller sees it: rounding mode and, on x86-64, MXCSR's control
   bits (the exception flags may legitimately gain bits from the computation). */
typedef struct env_state {
    int round;
    unsigned int csr;
} env_state;

static env_state env_read(void)
{
    env_state s;
    s.round = fegetround();
#if HAVE_MXCSR
    s.csr = _mm_getcsr() & ~MXCSR_FLAGS;
#elif HAVE_FPCR
    s.csr = fpcr_read();
#else
    s.csr = 0;
#endif
    return s;
}

/* Returns false when this platform cannot enter the environment. */
static bool env_enter(const env *e)
{
    if (fesetround(e->round) != 0)
        return false;
#if HAVE_MXCSR
    if (e->ftz_daz)
        _mm_setcsr(_mm_getcsr() | MXCSR_FTZ | MXCSR_DAZ);
#elif HAVE_FPCR
    if (e->ftz_daz) {
        fpcr_write(fpcr_read() | FPCR_FZ | FPCR_FZ16);
        if (!(fpcr_read() & FPCR_FZ))
            return false;
    }
#else
    if (e->ftz_daz)
        return false;
#endif
    return true;
}

/* Whether float arithmetic on this thread flushes the smallest subnormal to zero now:
   proof that the flush-to-zero bits just set do act here (on an emulator too), so a
   kernel that ran under them would give results that differ from the reference. */
static bool arithmetic_flushes(void)
{
    volatile float tiny = 0x1p-149f, one = 1.0f;
    float product = tiny * one;
    return product == 0.0f;
}

static void env_leave(void)
{
    fesetround(FE_TONEAREST);
#if HAVE_MXCSR
    _mm_setcsr(_mm_getcsr() & ~(MXCSR_FTZ | MXCSR_DAZ));
#elif HAVE_FPCR
    fpcr_write(fpcr_read() & ~(FPCR_FZ | FPCR_FZ16));
#endif
}

typedef struct buffers {
    unsigned char *in;
    unsigned char *in2; /* the two-input operators' B */
    unsigned char *expected;
    unsigned char *out;
} buffers;

static dmlp_operator *make_op(dmlp_device *device, DML_OPERATOR_TYPE op,
                              DML_TENSOR_DATA_TYPE type, uint32_t n)
{
    uint32_t sizes[1] = {n};
    DML_BUFFER_TENSOR_DESC buffer = {type, DML_TENSOR_FLAG_NONE, 1, sizes, NULL, 0, 0};
    buffer.TotalTensorSizeInBytes = dmlp_calc_buffer_tensor_size(type, 1, sizes, NULL);
    DML_TENSOR_DESC tensor = {DML_TENSOR_TYPE_BUFFER, &buffer};
    DML_ACTIVATION_SOFTSIGN_OPERATOR_DESC unary = {&tensor, &tensor};
    DML_OPERATOR_DESC desc = {op, &unary};
    dmlp_operator *o = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &desc, DML_EXECUTION_FLAG_NONE, &o), DMLP_OK);
    return o;
}

/* Executes op x type over n elements under the current environment and compares the
   output and the environment afterwards. */
static void run_one(dmlp_device *device, const char *device_name, const env *e,
                    DML_OPERATOR_TYPE op, const type_case *t, uint32_t n, const buffers *b)
{
    dmlp_operator *o = make_op(device, op, t->type, n);
    if (!o)
        return;
    size_t bytes = (size_t)n * t->size;
    memset(b->out, 0xA5, bytes);
    dmlp_buffer_binding in = {b->in, 0, (bytes + 3) & ~(size_t)3};
    dmlp_buffer_binding out = {b->out, 0, (bytes + 3) & ~(size_t)3};
    env_state before = env_read();
    dmlp_status status = dmlp_operator_execute(o, 1, &in, 1, &out);
    env_state after = env_read();
    CHECK_STATUS(status, DMLP_OK);
    const char *op_text = op == DML_OPERATOR_ELEMENT_WISE_SIGN ? "Sign" : "Softsign";
    uint32_t mismatches = 0, first = 0;
    for (uint32_t i = 0; i < n; i++)
        if (memcmp(b->out + (size_t)i * t->size, b->expected + (size_t)i * t->size,
                   t->size) != 0 && mismatches++ == 0)
            first = i;
    uint64_t got = 0, want = 0, x = 0;
    memcpy(&got, b->out + (size_t)first * t->size, t->size);
    memcpy(&want, b->expected + (size_t)first * t->size, t->size);
    memcpy(&x, b->in + (size_t)first * t->size, t->size);
    CHECK(mismatches == 0,
          "%s %s n=%u on %s under %s: %u elements differ from the reference; first [%u] "
          "x=0x%" PRIx64 " gives 0x%" PRIx64 ", reference 0x%" PRIx64,
          op_text, t->name, n, device_name, e->name, mismatches, first, x, got, want);
    CHECK(after.round == before.round && after.csr == before.csr,
          "%s %s n=%u on %s under %s: environment changed: rounding %d -> %d, "
          "MXCSR control (FPCR on aarch64) 0x%x -> 0x%x",
          op_text, t->name, n, device_name, e->name, before.round, after.round, before.csr,
          after.csr);
    dmlp_operator_destroy(o);
}

/* ---- the two-input float operators ----------------------------------------------------
   Their expected bytes are their own run under the default environment (on one thread):
   what is compared is the environment's effect, whatever kernel the CPU picks. */

/* Enough elements that a 2-thread device splits every type's job over both threads. */
#define BINARY_BIG (1u << 17)
/* Under AddressSanitizer and emulators every other environment (FTZ+DAZ, FE_DOWNWARD,
   and FTZ+DAZ with FE_UPWARD and FE_TOWARDZERO: each bit and each mode still), and the
   large tensor on two threads only. */
#if defined(SANITIZED) || defined(DMLP_TEST_EMULATED)
#define BINARY_ENV_STEP 2
#define BINARY_THIN 1
#else
#define BINARY_ENV_STEP 1
#define BINARY_THIN 0
#endif

typedef struct binary_op {
    DML_OPERATOR_TYPE op;
    const char *name;
} binary_op;

static const binary_op binary_ops[] = {
    {DML_OPERATOR_ELEMENT_WISE_ADD, "Add"},
    {DML_OPERATOR_ELEMENT_WISE_SUBTRACT, "Subtract"},
    {DML_OPERATOR_ELEMENT_WISE_MULTIPLY, "Multiply"},
    {DML_OPERATOR_ELEMENT_WISE_DIVIDE, "Divide"},
    {DML_OPERATOR_ELEMENT_WISE_MAX, "Max"},
    {DML_OPERATOR_ELEMENT_WISE_MIN, "Min"},
    {DML_OPERATOR_ELEMENT_WISE_MEAN, "Mean"},
    {DML_OPERATOR_ELEMENT_WISE_DIFFERENCE_SQUARE, "DifferenceSquare"},
};

static dmlp_operator *make_binary(dmlp_device *device, DML_OPERATOR_TYPE op,
                                  DML_TENSOR_DATA_TYPE type, uint32_t n)
{
    uint32_t sizes[1] = {n};
    DML_BUFFER_TENSOR_DESC buffer = {type, DML_TENSOR_FLAG_NONE, 1, sizes, NULL, 0, 0};
    buffer.TotalTensorSizeInBytes = dmlp_calc_buffer_tensor_size(type, 1, sizes, NULL);
    DML_TENSOR_DESC tensor = {DML_TENSOR_TYPE_BUFFER, &buffer};
    DML_ELEMENT_WISE_ADD_OPERATOR_DESC binary = {&tensor, &tensor, &tensor}; /* all alike */
    DML_OPERATOR_DESC desc = {op, &binary};
    dmlp_operator *o = NULL;
    CHECK_STATUS(dmlp_operator_create(device, &desc, DML_EXECUTION_FLAG_NONE, &o), DMLP_OK);
    return o;
}

/* Runs op on in and in2 into out; false if it could not run. */
static bool execute_binary(dmlp_device *device, const binary_op *op, const type_case *t,
                           uint32_t n, const buffers *b, unsigned char *out)
{
    dmlp_operator *o = make_binary(device, op->op, t->type, n);
    if (!o)
        return false;
    size_t bytes = ((size_t)n * t->size + 3) & ~(size_t)3;
    memset(out, 0xA5, bytes);
    dmlp_buffer_binding in[2] = {{b->in, 0, bytes}, {b->in2, 0, bytes}};
    dmlp_buffer_binding ob = {out, 0, bytes};
    dmlp_status status = dmlp_operator_execute(o, 2, in, 1, &ob);
    CHECK_STATUS(status, DMLP_OK);
    dmlp_operator_destroy(o);
    return status == DMLP_OK;
}

/* Under the current environment, against b->expected, and the environment kept. */
static void run_binary(dmlp_device *device, const char *device_name, const env *e,
                       const binary_op *op, const type_case *t, uint32_t n, const buffers *b)
{
    env_state before = env_read();
    bool ran = execute_binary(device, op, t, n, b, b->out);
    env_state after = env_read();
    if (!ran)
        return;
    uint32_t mismatches = 0, first = 0;
    for (uint32_t i = 0; i < n; i++)
        if (memcmp(b->out + (size_t)i * t->size, b->expected + (size_t)i * t->size,
                   t->size) != 0 && mismatches++ == 0)
            first = i;
    uint64_t got = 0, want = 0, x = 0, y = 0;
    memcpy(&got, b->out + (size_t)first * t->size, t->size);
    memcpy(&want, b->expected + (size_t)first * t->size, t->size);
    memcpy(&x, b->in + (size_t)first * t->size, t->size);
    memcpy(&y, b->in2 + (size_t)first * t->size, t->size);
    CHECK(mismatches == 0,
          "%s %s n=%u on %s under %s: %u elements differ from the default environment's "
          "run; first [%u] a=0x%" PRIx64 " b=0x%" PRIx64 " gives 0x%" PRIx64 ", default 0x%" PRIx64,
          op->name, t->name, n, device_name, e->name, mismatches, first, x, y, got, want);
    CHECK(after.round == before.round && after.csr == before.csr,
          "%s %s n=%u on %s under %s: environment changed: rounding %d -> %d, "
          "MXCSR control (FPCR on aarch64) 0x%x -> 0x%x",
          op->name, t->name, n, device_name, e->name, before.round, after.round, before.csr,
          after.csr);
}

static dmlp_device *make_device(uint32_t threads)
{
    dmlp_device_desc desc = {(DML_FEATURE_LEVEL)0, threads, DMLP_DEVICE_FLAG_EXTENSIONS};
    dmlp_device *device = NULL;
    CHECK_STATUS(dmlp_device_create(&desc, &device), DMLP_OK);
    return device;
}

/* The platform layer itself: entering the kernels' environment clears the caller's
   flush-to-zero bits (MXCSR FTZ and DAZ; FPCR FZ, and FZ16 where the CPU keeps it), and
   leaving gives back the caller's register exactly. */
static void check_enter_leave(void)
{
#if HAVE_MXCSR
    unsigned int bits = MXCSR_FTZ | MXCSR_DAZ;
    unsigned int caller = _mm_getcsr() | bits;
    _mm_setcsr(caller);
    dmlp__fp_env saved = dmlp__fp_env_enter();
    unsigned int inside = _mm_getcsr();
    dmlp__fp_env_leave(saved);
    unsigned int after = _mm_getcsr();
    _mm_setcsr(caller & ~bits);
    CHECK((inside & bits) == 0, "MXCSR inside the kernels' environment 0x%x: FTZ/DAZ set",
          inside);
    CHECK((after & ~MXCSR_FLAGS) == (caller & ~MXCSR_FLAGS),
          "MXCSR after leaving 0x%x, the caller's 0x%x", after, caller);
#elif HAVE_FPCR
    unsigned int caller = fpcr_read() | FPCR_FZ | FPCR_FZ16;
    fpcr_write(caller);
    caller = fpcr_read(); /* FZ16 reads as zero on a CPU without FP16 arithmetic */
    CHECK(caller & FPCR_FZ, "FPCR.FZ could not be set (FPCR 0x%x)", caller);
    printf("  FPCR with FZ%s set: 0x%x\n", caller & FPCR_FZ16 ? " and FZ16" : "", caller);
    dmlp__fp_env saved = dmlp__fp_env_enter();
    unsigned int inside = fpcr_read();
    dmlp__fp_env_leave(saved);
    unsigned int after = fpcr_read();
    fpcr_write(caller & ~(FPCR_FZ | FPCR_FZ16));
    CHECK((inside & (FPCR_FZ | FPCR_FZ16)) == 0,
          "FPCR inside the kernels' environment 0x%x: FZ or FZ16 set", inside);
    CHECK(after == caller, "FPCR after leaving 0x%x, the caller's 0x%x", after, caller);
#endif
}

int main(void)
{
    unsetenv("DMLP_ISA"); /* the best kernels this CPU has */
    static const env envs[] = {
        {FE_TONEAREST, true, "FTZ+DAZ"},
        {FE_UPWARD, false, "FE_UPWARD"},
        {FE_DOWNWARD, false, "FE_DOWNWARD"},
        {FE_TOWARDZERO, false, "FE_TOWARDZERO"},
        {FE_UPWARD, true, "FTZ+DAZ+FE_UPWARD"},
        {FE_DOWNWARD, true, "FTZ+DAZ+FE_DOWNWARD"},
        {FE_TOWARDZERO, true, "FTZ+DAZ+FE_TOWARDZERO"},
    };
    buffers b;
    b.in = malloc((size_t)BIG * 8);
    b.in2 = malloc((size_t)BIG * 8);
    b.expected = malloc((size_t)BIG * 8);
    b.out = malloc((size_t)BIG * 8);
    if (!b.in || !b.in2 || !b.expected || !b.out)
        return 1;
    /* Devices started under the default environment... */
    dmlp_device *one = make_device(1);
    dmlp_device *two = make_device(2);
    if (!one || !two)
        return test_finish("test_fp_env");
    uint32_t entered = 0, flushed = 0;
    check_enter_leave();

    for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ti++) {
        const type_case *t = &types[ti];
        fill(b.in, BIG, t);
        for (size_t oi = 0; oi < sizeof ops / sizeof ops[0]; oi++) {
            dmlp__unary_kernel reference = dmlp__reference_kernel(ops[oi], t->type);
            CHECK(reference != NULL, "reference kernel for op %d %s", (int)ops[oi], t->name);
            if (!reference)
                continue;
            dmlp__kernel_args args = {.mode = DML_IS_INFINITY_MODE_EITHER};
            reference(BIG, b.in, b.expected, &args); /* under the default environment */

            for (size_t ei = 0; ei < sizeof envs / sizeof envs[0]; ei++) {
                const env *e = &envs[ei];
                if (!env_enter(e)) {
                    env_leave();
                    continue;
                }
                entered++;
                if (e->ftz_daz) {
                    CHECK(arithmetic_flushes(), "under %s a subnormal product is not flushed: "
                          "this test could not see kernels run under it", e->name);
                    flushed++;
                }
                /* ...and one started under the changed one, whose threads inherit it. */
                dmlp_device *inherited = make_device(2);
                run_one(one, "1 thread", e, ops[oi], t, SMALL, &b);
                run_one(one, "1 thread", e, ops[oi], t, BIG, &b);
                run_one(two, "2 threads", e, ops[oi], t, BIG, &b);
                if (inherited)
                    run_one(inherited, "2 threads started under it", e, ops[oi], t, BIG, &b);
                dmlp_device_destroy(inherited);
                env_leave();
            }
        }
    }
    /* The two-input operators: a and b both with subnormals, infinities and NaNs. */
    for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ti++) {
        const type_case *t = &types[ti];
        fill(b.in, BINARY_BIG, t);
        fill(b.in2, BINARY_BIG, t);
        for (size_t oi = 0; oi < sizeof binary_ops / sizeof binary_ops[0]; oi++) {
            const binary_op *op = &binary_ops[oi];
            if (!execute_binary(one, op, t, BINARY_BIG, &b, b.expected)) /* the default's */
                continue;
            for (size_t ei = 0; ei < sizeof envs / sizeof envs[0]; ei += BINARY_ENV_STEP) {
                const env *e = &envs[ei];
                if (!env_enter(e)) {
                    env_leave();
                    continue;
                }
                entered++;
                if (e->ftz_daz) {
                    CHECK(arithmetic_flushes(), "under %s a subnormal product is not flushed",
                          e->name);
                    flushed++;
                }
                dmlp_device *inherited = make_device(2);
                run_binary(one, "1 thread", e, op, t, SMALL, &b);
                if (!BINARY_THIN)
                    run_binary(one, "1 thread", e, op, t, BINARY_BIG, &b);
                run_binary(two, "2 threads", e, op, t, BINARY_BIG, &b);
                if (inherited)
                    run_binary(inherited, "2 threads started under it", e, op, t, BINARY_BIG,
                               &b);
                dmlp_device_destroy(inherited);
                env_leave();
            }
        }
    }
    CHECK(entered > 0, "no environment could be entered on this platform");
#if HAVE_MXCSR || HAVE_FPCR
    /* Where the control register exists, the flush-to-zero cases must have run. */
    CHECK(flushed > 0, "flush-to-zero could not be set: its cases did not run");
#endif
    dmlp_device_destroy(one);
    dmlp_device_destroy(two);
    free(b.in);
    free(b.in2);
    free(b.expected);
    free(b.out);
    return test_finish("test_fp_env");
}
