/* Any other architecture: only the rounding mode of <fenv.h> is portable to reach. */
#include <fenv.h>

#include "platform/fp_env.h"

dmlp__fp_env dmlp__fp_env_enter(void)
{
    int round = fegetround();
    dmlp__fp_env saved = {(uint64_t)(int64_t)round};
#ifdef FE_TONEAREST
    if (round != FE_TONEAREST)
        fesetround(FE_TONEAREST);
#endif
    return saved;
}

void dmlp__fp_env_leave(dmlp__fp_env saved)
{
#ifdef FE_TONEAREST
    int round = (int)(int64_t)saved.saved;
    if (round != FE_TONEAREST)
        fesetround(round);
#else
    (void)saved;
#endif
}
