/* x86-64: the SSE control and status register, MXCSR (baseline SSE, used by every
   floating-point operation of x86-64 code). */
#include <xmmintrin.h>

#include "platform/fp_env.h"

/* MXCSR bits: 0-5 exception flags (sticky), 6 DAZ, 7-12 exception masks, 13-14 rounding
   control, 15 FTZ. The default control state is all exceptions masked, round to nearest,
   no DAZ, no FTZ. */
#define MXCSR_FLAGS 0x003fu
#define MXCSR_CONTROL 0xffc0u
#define MXCSR_DEFAULT 0x1f80u

dmlp__fp_env dmlp__fp_env_enter(void)
{
    unsigned int csr = _mm_getcsr();
    dmlp__fp_env saved = {csr};
    if ((csr & MXCSR_CONTROL) != MXCSR_DEFAULT)
        _mm_setcsr((csr & ~MXCSR_CONTROL) | MXCSR_DEFAULT);
    return saved;
}

void dmlp__fp_env_leave(dmlp__fp_env saved)
{
    unsigned int csr = (unsigned int)saved.saved;
    if ((csr & MXCSR_CONTROL) != MXCSR_DEFAULT)
        _mm_setcsr((_mm_getcsr() & MXCSR_FLAGS) | (csr & ~MXCSR_FLAGS));
}
