/* Shared by the test programs: checks that print both sides and where, a check counter,
   and the closing line. A program returns test_finish(): 0 when every check passed,
   1 otherwise; a test that cannot run here returns TEST_SKIP (77), never 0. */
#ifndef DMLP_TEST_UTIL_H
#define DMLP_TEST_UTIL_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEST_SKIP 77

/* SANITIZED: defined in an AddressSanitizer build (gcc's macro, clang's feature test).
   Tests sample more thinly there: that pass looks for memory errors, and the release
   build keeps the numerical sweeps. */
#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif

/* TEST_THIN: 1 in a pass that looks for memory errors (AddressSanitizer) or runs the other
   instruction set under an emulator (qemu-user: DMLP_TEST_EMULATED, which a cross build
   defines for every test program). Such passes sample more thinly; the native release
   build keeps the full sweeps. */
#if defined(SANITIZED) || defined(DMLP_TEST_EMULATED)
#define TEST_THIN 1
#else
#define TEST_THIN 0
#endif

/* THREAD_SANITIZED: defined in a ThreadSanitizer build (make test-tsan), where the thread
   tests sample more thinly: that pass looks for races, not for numerical coverage. */
#if defined(__SANITIZE_THREAD__)
#define THREAD_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define THREAD_SANITIZED 1
#endif
#endif

static unsigned long test_checks_passed_;
static unsigned long test_checks_failed_;

#define TEST_FAIL_(...)                                                                     \
    do {                                                                                    \
        test_checks_failed_++;                                                              \
        if (test_checks_failed_ <= 50) {                                                    \
            fprintf(stderr, "%s:%d: ", __FILE__, __LINE__);                                 \
            fprintf(stderr, __VA_ARGS__);                                                   \
            fputc('\n', stderr);                                                            \
        }                                                                                   \
    } while (0)

/* CHECK(cond, "context %d", x): counts a pass or prints the context on failure. */
#define CHECK(cond, ...)                                                                    \
    do {                                                                                    \
        if (cond)                                                                           \
            test_checks_passed_++;                                                          \
        else                                                                                \
        {                                                                                   \
            TEST_FAIL_("CHECK(%s) failed", #cond);                                          \
            if (test_checks_failed_ <= 50) {                                                \
                fprintf(stderr, "    context: ");                                           \
                fprintf(stderr, __VA_ARGS__);                                               \
                fputc('\n', stderr);                                                        \
            }                                                                               \
        }                                                                                   \
    } while (0)

#define CHECK_EQ_U64(actual, expected, ...)                                                 \
    do {                                                                                    \
        uint64_t a_ = (uint64_t)(actual), e_ = (uint64_t)(expected);                        \
        if (a_ == e_) {                                                                     \
            test_checks_passed_++;                                                          \
        } else {                                                                            \
            TEST_FAIL_(#actual " is 0x%" PRIx64 ", expected 0x%" PRIx64, a_, e_);           \
            if (test_checks_failed_ <= 50) {                                                \
                fprintf(stderr, "    context: ");                                           \
                fprintf(stderr, __VA_ARGS__);                                               \
                fputc('\n', stderr);                                                        \
            }                                                                               \
        }                                                                                   \
    } while (0)

/* A dmlp call's status, with dmlp_last_error() shown on a mismatch. */
#define CHECK_STATUS(call, expected)                                                        \
    do {                                                                                    \
        dmlp_status s_ = (call);                                                            \
        if (s_ == (expected))                                                               \
            test_checks_passed_++;                                                          \
        else                                                                                \
            TEST_FAIL_(#call " returned %s, expected %s (last error: %s)",                 \
                       dmlp_status_string(s_), dmlp_status_string(expected),               \
                       dmlp_last_error());                                                  \
    } while (0)

/* Message contains the given fragment. */
#define CHECK_CONTAINS(text, fragment)                                                      \
    do {                                                                                    \
        const char *t_ = (text);                                                            \
        if (t_ && strstr(t_, (fragment)))                                                   \
            test_checks_passed_++;                                                          \
        else                                                                                \
            TEST_FAIL_("\"%s\" does not contain \"%s\"", t_ ? t_ : "(null)", (fragment)); \
    } while (0)

/* xorshift64: the same patterns from the same seed on every machine. */
static inline uint64_t test_rng(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

/* The first index at which two byte ranges differ; n when they are equal. */
static inline size_t test_first_difference(const unsigned char *a, const unsigned char *b,
                                           size_t n)
{
    /* memcmp in blocks first: the byte loop alone is the largest cost of the kernel
       tests in the Debug build under AddressSanitizer */
    size_t i = 0;
    while (i < n) {
        size_t len = n - i < 4096 ? n - i : 4096;
        if (memcmp(a + i, b + i, len) != 0)
            break;
        i += len;
    }
    for (; i < n; i++)
        if (a[i] != b[i])
            return i;
    return n;
}

static inline int test_finish(const char *name)
{
    printf("%s: %lu checks passed, %lu failed\n", name, test_checks_passed_,
           test_checks_failed_);
    if (test_checks_passed_ == 0 && test_checks_failed_ == 0) {
        printf("%s: no check ran\n", name);
        return 1;
    }
    return test_checks_failed_ ? 1 : 0;
}

#endif
