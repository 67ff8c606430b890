/* The bench's traffic loop (bench/bench_traffic.c) moves the bytes it is timed on: each
   output line is the OR of the input lines behind it (a copy when the sizes match), or
   an input line repeated when the output is wider; the bytes past the last whole line
   are copied; nothing past the output is written. A two-input operator's loop
   (bench_traffic2_time) ORs the same bytes of the second input in. The widest vector
   this CPU has is the one the loop picks, on 1 and 2 threads, both store kinds, odd
   element counts, one input and two. */
#include "bench.h"
#include "test_util.h"

#define CANARY 0xa5

/* Byte i of the input: in's, ORed with in_b's when there are two. */
static unsigned char input(const unsigned char *in, const unsigned char *in_b, size_t i)
{
    return (unsigned char)(in[i] | (in_b ? in_b[i] : 0));
}

static unsigned char expected_byte(const unsigned char *in, const unsigned char *in_b, size_t p,
                                   size_t elements, size_t in_size, size_t out_size,
                                   int *defined)
{
    size_t in_bytes = elements * in_size, out_bytes = elements * out_size;
    size_t ratio = in_size >= out_size ? in_size / out_size : 0;
    size_t wide = ratio ? 1 : out_size / in_size;
    size_t line_in = ratio ? 64 * ratio : 64, line_out = 64 * wide;
    size_t steps = in_bytes / line_in, done_in = steps * line_in, done_out = steps * line_out;
    *defined = 1;
    if (p < done_out) {
        if (!ratio)
            return input(in, in_b, (p / line_out) * 64 + p % 64);
        unsigned char v = 0;
        for (size_t q = 0; q < ratio; q++)
            v |= input(in, in_b, (p / 64 * ratio + q) * 64 + p % 64);
        return v;
    }
    size_t tail = out_bytes - done_out < in_bytes - done_in ? out_bytes - done_out
                                                            : in_bytes - done_in;
    if (p - done_out < tail)
        return input(in, in_b, done_in + (p - done_out));
    *defined = 0; /* past what the loop moves: left as it was */
    return CANARY;
}

int main(void)
{
    static const size_t sizes[][2] = {{1, 1}, {4, 4}, {2, 1}, {4, 1}, {8, 1}, {1, 2}, {2, 8}};
    static const size_t counts[] = {1, 63, 64, 1000, 4097, 65536 + 77};
    size_t max_bytes = ((65536 + 77) * 8 + 127) & ~(size_t)63; /* aligned_alloc: a multiple */
    unsigned char *in = aligned_alloc(64, max_bytes), *out = aligned_alloc(64, max_bytes + 64);
    unsigned char *second = aligned_alloc(64, max_bytes);
    if (!in || !out || !second)
        return 1;
    for (size_t i = 0; i < max_bytes; i++) {
        in[i] = (unsigned char)(i * 2654435761u >> 13);
        second[i] = (unsigned char)(1u << (i * 40503u >> 7) % 8); /* one bit: ORs show */
    }
    for (unsigned threads = 1; threads <= 2; threads++) {
        bench_team *team = bench_team_create(threads);
        CHECK(team != NULL, "team of %u", threads);
        if (!team)
            break;
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
            for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++)
                for (int mode = 0; mode < 4; mode++) {
                    int streaming = mode & 1;
                    const unsigned char *in_b = mode & 2 ? second : NULL;
                    size_t n = counts[c], in_size = sizes[s][0], out_size = sizes[s][1];
                    size_t out_bytes = n * out_size;
                    memset(out, CANARY, max_bytes + 64);
                    double t = in_b ? bench_traffic2_time(team, out, in, in_b, n, in_size,
                                                          out_size, streaming, 2)
                                    : bench_traffic_time(team, out, in, n, in_size, out_size,
                                                         streaming, 2);
                    CHECK(t > 0, "time %g", t);
                    size_t wrong = 0, first = 0;
                    for (size_t p = 0; p < out_bytes + 64; p++) {
                        int defined;
                        unsigned char e = p < out_bytes
                                              ? expected_byte(in, in_b, p, n, in_size, out_size,
                                                              &defined)
                                              : CANARY;
                        if (out[p] != e && !wrong++)
                            first = p;
                    }
                    CHECK(wrong == 0,
                          "%u thread(s), %zu elements of %zu -> %zu bytes, %s input(s), %s "
                          "stores: %zu bytes wrong, the first at %zu",
                          threads, n, in_size, out_size, in_b ? "two" : "one",
                          streaming ? "non-temporal" : "regular", wrong, first);
                }
        bench_team_destroy(team);
    }
    free(in);
    free(second);
    free(out);
    return test_finish("test_bench_traffic");
}
