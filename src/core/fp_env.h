/* Internal: the floating-point environment kernels run under. Results are bit-exact only
   under IEEE defaults: round to nearest even, subnormals neither flushed to zero (FTZ) nor
   read as zero (DAZ), no exception traps. A caller may have changed any of these (-ffast-math
   sets FTZ and DAZ at startup; fesetround), and pool threads inherit the environment of the
   thread that created the device. So every thread enters the default state before kernel
   work and gives the previous one back after it. When the state already is the default,
   entering and leaving cost one read of the control register each. */
#ifndef DMLP_CORE_FP_ENV_H
#define DMLP_CORE_FP_ENV_H

#if defined(__x86_64__) || defined(_M_X64)

#include <xmmintrin.h> /* MXCSR: baseline SSE on x86-64 */

/* MXCSR bits: 0-5 exception flags (sticky), 6 DAZ, 7-12 exception masks, 13-14 rounding
   control, 15 FTZ. The default control state is all exceptions masked, round to nearest,
   no DAZ, no FTZ. */
#define DMLP__MXCSR_FLAGS 0x003fu
#define DMLP__MXCSR_CONTROL 0xffc0u
#define DMLP__MXCSR_DEFAULT 0x1f80u

typedef struct dmlp__fp_env {
    unsigned int csr;
} dmlp__fp_env;

static inline dmlp__fp_env dmlp__fp_env_enter(void)
{
    dmlp__fp_env saved = {_mm_getcsr()};
    if ((saved.csr & DMLP__MXCSR_CONTROL) != DMLP__MXCSR_DEFAULT)
        _mm_setcsr((saved.csr & ~DMLP__MXCSR_CONTROL) | DMLP__MXCSR_DEFAULT);
    return saved;
}

/* Restores the control bits; exception flags raised meanwhile stay raised, as they would
   had nothing been switched. */
static inline void dmlp__fp_env_leave(dmlp__fp_env saved)
{
    if ((saved.csr & DMLP__MXCSR_CONTROL) != DMLP__MXCSR_DEFAULT)
        _mm_setcsr((_mm_getcsr() & DMLP__MXCSR_FLAGS) | (saved.csr & ~DMLP__MXCSR_FLAGS));
}

#else

#include <fenv.h>

/* Elsewhere only the rounding mode is portable to reach. */
typedef struct dmlp__fp_env {
    int round;
} dmlp__fp_env;

static inline dmlp__fp_env dmlp__fp_env_enter(void)
{
    dmlp__fp_env saved = {fegetround()};
#ifdef FE_TONEAREST
    if (saved.round != FE_TONEAREST)
        fesetround(FE_TONEAREST);
#endif
    return saved;
}

static inline void dmlp__fp_env_leave(dmlp__fp_env saved)
{
#ifdef FE_TONEAREST
    if (saved.round != FE_TONEAREST)
        fesetround(saved.round);
#else
    (void)saved;
#endif
}

#endif

#endif
