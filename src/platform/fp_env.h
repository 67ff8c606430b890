/* Internal: the floating-point environment kernels run under. Results are bit-exact only
   under IEEE defaults: round to nearest even, subnormals neither flushed to zero (FTZ) nor
   read as zero (DAZ), no exception traps. A caller may have changed any of these
   (-ffast-math sets FTZ and DAZ at startup; fesetround), and pool threads inherit the
   environment of the thread that created the device. So every thread enters the default
   state before kernel work and gives the previous one back after it. When the state
   already is the default, entering and leaving cost one read of the control register
   each.
   One implementation per architecture, chosen by the build (src/platform/<arch>/fp_env.c):
   x86-64 switches MXCSR, aarch64 FPCR; elsewhere only the rounding mode of <fenv.h> is
   portable to reach. */
#ifndef DMLP_PLATFORM_FP_ENV_H
#define DMLP_PLATFORM_FP_ENV_H

#include <stdint.h>

/* The state to give back: the control register as it was (or the rounding mode). */
typedef struct dmlp__fp_env {
    uint64_t saved;
} dmlp__fp_env;

/* Switches the calling thread to the default environment; returns what to restore. */
dmlp__fp_env dmlp__fp_env_enter(void);

/* Restores the control state saved by the matching enter. Exception flags raised
   meanwhile stay raised, as they would had nothing been switched. */
void dmlp__fp_env_leave(dmlp__fp_env saved);

#endif
