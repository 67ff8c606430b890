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

/* A hint that the cache line holding p is read soon: kept in every cache level (NEAR)
   or brought past the caches a stream would pollute (STREAM). Nothing where the
   compiler has no builtin for it. */
#if defined(__GNUC__) || defined(__clang__)
#define DMLP__PREFETCH_NEAR(p) __builtin_prefetch((p), 0, 3)
#define DMLP__PREFETCH_STREAM(p) __builtin_prefetch((p), 0, 0)
#else
#define DMLP__PREFETCH_NEAR(p) ((void)(p))
#define DMLP__PREFETCH_STREAM(p) ((void)(p))
#endif

/* The index of the highest set bit of x, which must not be 0 (the builtin where the
   compiler has one, a loop elsewhere). */
static inline int dmlp__msb64(unsigned long long x)
{
#if defined(__GNUC__) || defined(__clang__)
    return 63 - __builtin_clzll(x);
#else
    int n = 0;
    while (x >>= 1)
        n++;
    return n;
#endif
}

/* The kind of build, as the compiler tells it: "sanitized" (AddressSanitizer,
   ThreadSanitizer or MemorySanitizer), else "optimized" or "unoptimized". */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define DMLP__BUILD_FLAVOR "sanitized"
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) ||                 \
    __has_feature(memory_sanitizer)
#define DMLP__BUILD_FLAVOR "sanitized"
#endif
#endif
#ifndef DMLP__BUILD_FLAVOR
#ifdef __OPTIMIZE__
#define DMLP__BUILD_FLAVOR "optimized"
#else
#define DMLP__BUILD_FLAVOR "unoptimized"
#endif
#endif

#endif
