/* Denormals-are-zero (MXCSR.DAZ) around the divided Softsign kernels (vector_kernels.inc):
   a zero or subnormal x gives x itself (1 + |x| rounds to 1), so those lanes take the
   input and the divide's result there is not used; read as zero, subnormals no longer
   send the divider down its slow path, several times slower (docs/performance.md). Every
   x86 level has MXCSR; the caller's value comes back. */
#ifndef DMLP_KERNELS_X86_MXCSR_H
#define DMLP_KERNELS_X86_MXCSR_H

#include <xmmintrin.h>

/* Capability tag (vector_kernels.inc): daz_on reads subnormals as zero. */
enum { isa_has_daz = 1 };

static inline unsigned daz_on(void)
{
    unsigned saved = _mm_getcsr();
    _mm_setcsr(saved | 0x0040u);
    return saved;
}

static inline void daz_restore(unsigned saved) { _mm_setcsr(saved); }

#endif
