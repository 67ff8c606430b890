/* The traffic loop: the bytes an operator reads and writes, moved by plain vector loads
   and stores with no arithmetic but an OR that joins the input lines behind one output
   line. Where an operator misses its target, this loop tells the kernel's cost from what
   the CPU does with that traffic: a loop of vector loads and stores can be slower than a
   copy by `rep movsb`, which may skip reading the lines it overwrites, and one core may
   read memory slower than it copies it. Like the copies, it is written here, apart from
   the kernels, with no software prefetch and the widest vectors the CPU has. A two-input
   operator's loop reads the same lines of both inputs (bench_traffic2_time). */
#include <string.h>

#include "bench.h"

#if defined(__x86_64__) || defined(_M_X64)
#include <immintrin.h>
#endif

/* One line of 64 bytes in and out per step. `ratio` input lines per output line, or
   (widening, ratio 0) `wide` output lines per input line. With TWO, a two-input
   operator's: the same lines of src_b are ORed in beside src's. */
#define TRAFFIC_LOOP(vec, load, store, or_, TWO)                                            \
    do {                                                                                    \
        enum { K = 64 / sizeof(vec) };                                                      \
        if (ratio) {                                                                        \
            for (size_t o = 0; o < lines; o++) {                                            \
                const unsigned char *s = src + o * ratio * 64;                              \
                const unsigned char *sb = TWO ? src_b + o * ratio * 64 : s;                 \
                for (size_t k = 0; k < K; k++) {                                            \
                    vec v = load((const vec *)(const void *)(s + k * sizeof(vec)));         \
                    if (TWO)                                                                \
                        v = or_(v, load((const vec *)(const void *)(sb + k * sizeof(vec)))); \
                    for (size_t r = 1; r < ratio; r++) {                                    \
                        v = or_(v, load((const vec *)(const void *)(s + r * 64 +            \
                                                                    k * sizeof(vec))));     \
                        if (TWO)                                                            \
                            v = or_(v, load((const vec *)(const void *)(sb + r * 64 +       \
                                                                        k * sizeof(vec)))); \
                    }                                                                       \
                    store((vec *)(void *)(dst + o * 64 + k * sizeof(vec)), v);              \
                }                                                                           \
            }                                                                               \
        } else {                                                                            \
            for (size_t i = 0; i < lines; i++)                                              \
                for (size_t k = 0; k < K; k++) {                                            \
                    vec v = load((const vec *)(const void *)(src + i * 64 + k * sizeof(vec))); \
                    if (TWO)                                                                \
                        v = or_(v, load((const vec *)(const void *)(src_b + i * 64 +        \
                                                                    k * sizeof(vec))));     \
                    for (size_t w = 0; w < wide; w++)                                       \
                        store((vec *)(void *)(dst + (i * wide + w) * 64 + k * sizeof(vec)), v); \
                }                                                                           \
        }                                                                                   \
    } while (0)

#define TRAFFIC_ARGS                                                                        \
    unsigned char *dst, const unsigned char *src, const unsigned char *src_b, size_t lines, \
        size_t ratio, size_t wide
#if defined(__x86_64__) || defined(_M_X64)
#define TRAFFIC_FN(name, attr, vec, load, store, nt_store, or_)                             \
    attr static void name(TRAFFIC_ARGS, int streaming)                                      \
    {                                                                                       \
        if (streaming && src_b)                                                             \
            TRAFFIC_LOOP(vec, load, nt_store, or_, 1);                                      \
        else if (streaming)                                                                 \
            TRAFFIC_LOOP(vec, load, nt_store, or_, 0);                                      \
        else if (src_b)                                                                     \
            TRAFFIC_LOOP(vec, load, store, or_, 1);                                         \
        else                                                                                \
            TRAFFIC_LOOP(vec, load, store, or_, 0);                                         \
        if (streaming)                                                                      \
            _mm_sfence();                                                                   \
    }
TRAFFIC_FN(traffic_sse2, , __m128i, _mm_loadu_si128, _mm_storeu_si128, _mm_stream_si128,
           _mm_or_si128)
TRAFFIC_FN(traffic_avx2, __attribute__((target("avx2"))), __m256i, _mm256_loadu_si256,
           _mm256_storeu_si256, _mm256_stream_si256, _mm256_or_si256)
TRAFFIC_FN(traffic_avx512, __attribute__((target("avx512f"))), __m512i, _mm512_loadu_si512,
           _mm512_storeu_si512, _mm512_stream_si512, _mm512_or_si512)

static void traffic_lines(TRAFFIC_ARGS, int streaming)
{
    unsigned width = bench_vector_bytes();
    if (width == 64)
        traffic_avx512(dst, src, src_b, lines, ratio, wide, streaming);
    else if (width == 32)
        traffic_avx2(dst, src, src_b, lines, ratio, wide, streaming);
    else
        traffic_sse2(dst, src, src_b, lines, ratio, wide, streaming);
}
#else
/* Elsewhere GCC's generic vectors (NEON's 16 bytes on arm64); no non-temporal store. */
typedef unsigned char traffic_vec __attribute__((vector_size(16), aligned(1), may_alias));
static inline traffic_vec vec_load(const traffic_vec *p) { return *p; }
static inline void vec_store(traffic_vec *p, traffic_vec v) { *p = v; }
static inline traffic_vec vec_or(traffic_vec a, traffic_vec b) { return a | b; }
static void traffic_lines(TRAFFIC_ARGS, int streaming)
{
    (void)streaming;
    if (src_b)
        TRAFFIC_LOOP(traffic_vec, vec_load, vec_store, vec_or, 1);
    else
        TRAFFIC_LOOP(traffic_vec, vec_load, vec_store, vec_or, 0);
}
#endif

typedef struct traffic_job {
    unsigned char *dst;
    const unsigned char *src, *src_b; /* src_b: NULL for one input */
    size_t elements, in_size, out_size;
    int streaming;
} traffic_job;

/* Member `index` moves its share of whole lines on both sides; the last member also the
   bytes past the last whole line, by memcpy (at most a few lines; of a two-input
   operator, src's, then src_b's ORed in). */
static void traffic_part(void *ctx, unsigned index, unsigned count)
{
    const traffic_job *j = ctx;
    size_t in_bytes = j->elements * j->in_size, out_bytes = j->elements * j->out_size;
    size_t ratio = j->in_size >= j->out_size ? j->in_size / j->out_size : 0;
    size_t wide = ratio ? 1 : j->out_size / j->in_size;
    size_t line_in = ratio ? 64 * ratio : 64, line_out = ratio ? 64 : 64 * wide;
    size_t steps = in_bytes / line_in, share = (steps + count - 1) / count;
    size_t begin = share * index, end = begin + share < steps ? begin + share : steps;
    if (begin < end)
        traffic_lines(j->dst + begin * line_out, j->src + begin * line_in,
                      j->src_b ? j->src_b + begin * line_in : NULL, end - begin, ratio, wide,
                      j->streaming);
    if (index + 1 == count) {
        size_t done_in = steps * line_in, done_out = steps * line_out;
        size_t tail = out_bytes - done_out < in_bytes - done_in ? out_bytes - done_out
                                                                : in_bytes - done_in;
        memcpy(j->dst + done_out, j->src + done_in, tail);
        for (size_t i = 0; j->src_b && i < tail; i++)
            j->dst[done_out + i] |= j->src_b[done_in + i];
    }
}

double bench_traffic_time(bench_team *team, void *dst, const void *src, size_t elements,
                          size_t in_size, size_t out_size, int streaming, unsigned calls)
{
    return bench_traffic2_time(team, dst, src, NULL, elements, in_size, out_size, streaming,
                               calls);
}

double bench_traffic2_time(bench_team *team, void *dst, const void *src, const void *src_b,
                           size_t elements, size_t in_size, size_t out_size, int streaming,
                           unsigned calls)
{
    traffic_job job = {dst, src, src_b, elements, in_size, out_size, streaming};
    double t = 0;
    for (unsigned c = 0; c < calls; c++)
        t += bench_team_run(team, traffic_part, &job);
    return t / calls;
}
