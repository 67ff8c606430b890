/* Internal: what differs between compilers, in one place. The rest of the tree is
   ISO C11 and uses these names instead of compiler extensions. */
#ifndef DMLP_PLATFORM_COMPILER_H
#define DMLP_PLATFORM_COMPILER_H

/* printf-style format checking of a function's arguments. */
#if defined(__GNUC__) || defined(__clang__)
#define DMLP__PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define DMLP__PRINTF(f, a)
#endif

/* Forbids contracting a * b + c into a fused multiply-add in the rest of the file (the
   build also passes -ffp-contract=off to the files whose results depend on it; clang
   honours the standard pragma as well, GCC ignores it and warns, so it is spelled only
   for clang). */
#if defined(__clang__)
#define DMLP__FP_CONTRACT_OFF _Pragma("STDC FP_CONTRACT OFF")
#else
#define DMLP__FP_CONTRACT_OFF
#endif

#endif
