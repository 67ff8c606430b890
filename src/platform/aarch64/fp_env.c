/* aarch64: the floating-point control register, FPCR (its status flags live apart, in
   FPSR, so restoring FPCR never loses a raised flag).
   Bits that change results: AHP (26, alternative half-precision format), DN (25, default
   NaN), FZ (24, flush subnormals to zero), RMode (23-22), FZ16 (19, flush f16
   subnormals), the trap enables IDE, IXE, UFE, OFE, DZE, IOE (15, 12-8), and with
   FEAT_AFP: NEP (2), AH (1), FIZ (0, flush subnormal inputs). The default is all of them
   zero; bits a CPU lacks read as zero, so they never need writing. */
#include <stdint.h>

#include "platform/fp_env.h"

#define FPCR_CONTROL 0x07c89f07u

static uint64_t read_fpcr(void)
{
    uint64_t fpcr;
    __asm__ volatile("mrs %0, fpcr" : "=r"(fpcr));
    return fpcr;
}

static void write_fpcr(uint64_t fpcr)
{
    __asm__ volatile("msr fpcr, %0" ::"r"(fpcr) : "memory");
}

dmlp__fp_env dmlp__fp_env_enter(void)
{
    uint64_t fpcr = read_fpcr();
    dmlp__fp_env saved = {fpcr};
    if (fpcr & FPCR_CONTROL)
        write_fpcr(fpcr & ~(uint64_t)FPCR_CONTROL);
    return saved;
}

void dmlp__fp_env_leave(dmlp__fp_env saved)
{
    if (saved.saved & FPCR_CONTROL)
        write_fpcr(saved.saved);
}
