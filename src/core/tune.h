/* Internal: the strategies that help one CPU and hurt another, chosen by measurement on
   the CPU that runs them (core/tune.c), once per process.

   - Streaming (tensors far beyond the last-level cache): the store kind and the output
     size from which non-temporal stores pay, the software prefetch (none, T0 or NTA, and
     how far ahead), and the largest chunk a thread claims. Measured on buffers well
     beyond the last-level cache, lazily on the first operator that big (or by `dmlp
     caps --tune` / `dmlp bench`), in a calibration bounded by a time budget (1.5 s;
     what it had no time for keeps the built-in defaults, and the partial result is kept
     in the file so that later processes do not measure again) and by the memory budget
     (core/memory_budget.h: its two buffers take at most a quarter; a budget too small
     for them leaves the built-in defaults, not kept).
   - Cache-resident, per kernel level: the Softsign division method per type (divide, or
     the reciprocal estimate + Newton step + exact correction, which gives the same bits:
     test exhaustive), whether loops run several blocks per iteration, whether the
     FLOAT16 comparisons go through binary32 halves or 16-bit keys, whether Clip and
     Threshold of floats (per width) run on ordering keys or Max's kernel, and whether the
     16-bit tables of results are read by gathers or a scalar loop; each pair gives the
     same bits; measured on small buffers (a few milliseconds) the first time an
     operator is made.

   DMLP_TUNE forces choices, e.g. DMLP_TUNE=prefetch=t0,distance=4k,stream_from=8m,
   chunk=1m,softsign=recip,unroll=off,compare_f16=halves,clip=keys,threshold=max,
   table16=gather;
   DMLP_TUNE=defaults takes the built-in defaults without measuring. Measured choices are kept in $XDG_CACHE_HOME/dmlp/ (else ~/.cache/dmlp/),
   keyed by CPU model, thread count, library version and kind of build; a missing, corrupt or
   unwritable file only means measuring again. DMLP_TUNE_CACHE=off leaves the file alone. */
#ifndef DMLP_CORE_TUNE_H
#define DMLP_CORE_TUNE_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernels.h"

/* The cache-resident forms of a kernel level, as bits: the Softsign types that use the
   reciprocal form, whether cache-resident loops unroll (dmlp__kernel_args.unroll),
   whether the FLOAT16 comparisons use binary32 halves (f16_halves), the float widths
   whose Clip and Threshold use ordering keys (clamp_keys), and whether the 16-bit tables
   of results are read by gathers (table16_gather). */
enum {
    DMLP__TUNE_F16 = 1,
    DMLP__TUNE_BF16 = 2,
    DMLP__TUNE_F32 = 4,
    DMLP__TUNE_SOFTSIGN = 7,
    DMLP__TUNE_UNROLL = 8,
    DMLP__TUNE_F16_HALVES = 16,
    DMLP__TUNE_CLIP_16 = 32, /* FLOAT16 and BFLOAT16 */
    DMLP__TUNE_CLIP_32 = 64,
    DMLP__TUNE_CLIP_64 = 128,
    DMLP__TUNE_CLIP = 224,
    DMLP__TUNE_THRESHOLD_16 = 256,
    DMLP__TUNE_THRESHOLD_32 = 512,
    DMLP__TUNE_THRESHOLD_64 = 1024,
    DMLP__TUNE_THRESHOLD = 1792,
    DMLP__TUNE_TABLE16_GATHER = 2048, /* 16-bit table lookups by gathers */
    DMLP__TUNE_ALL = 4095,
    /* DMLP_TUNE=defaults, and where nothing could be measured: the forms that were the
       faster ones on the CPU where all were first timed (a Zen 5 at AVX-512) */
    DMLP__TUNE_BUILTIN = DMLP__TUNE_F16_HALVES | DMLP__TUNE_CLIP
};

#define DMLP__STREAM_NEVER UINT64_MAX

typedef struct dmlp__streaming_tune {
    uint32_t prefetch;          /* dmlp__prefetch, for same-size operators */
    uint32_t prefetch_distance; /* bytes ahead of the loads */
    uint32_t narrow_prefetch;   /* the same for narrowing ones (IsInfinity) */
    uint32_t narrow_distance;
    uint64_t stream_from;       /* output bytes from which stores are non-temporal */
    uint64_t chunk_bytes;       /* the largest chunk of a large tensor */
} dmlp__streaming_tune;

/* The streaming choices, measured on first use (thread-safe; later calls return at
   once). `why` (optional) gets a line per choice saying where it came from. */
const dmlp__streaming_tune *dmlp__tune_streaming(void);

/* Bits DMLP__TUNE_* of the Softsign types that use the reciprocal form, for kernels of
   level `isa`, measured on first use (with the unrolling). */
uint32_t dmlp__tune_softsign_recip(dmlp__isa isa);

/* Whether the cache-resident loops of level `isa` unroll, measured on first use. */
uint32_t dmlp__tune_unroll(dmlp__isa isa);

/* All the cache-resident form bits DMLP__TUNE_* of level `isa`, measured on first use. */
uint32_t dmlp__tune_forms(dmlp__isa isa);

/* What was chosen and why, one line per choice, into buf (always terminated). Measures
   nothing: choices not made yet say so. */
void dmlp__tune_describe(char *buf, size_t size);

/* Where the choices are kept between processes (empty when not kept). */
const char *dmlp__tune_cache_path(void);

/* The streaming calibration's buffer size (each of two) for a memory budget and a
   last-level cache: the preferred size (64 MiB, or 96 or 256 MiB where the cache
   reported is larger), halved until both fit in a quarter of the budget but not below
   twice the cache; 0 when they cannot fit, and the built-in defaults stand. */
size_t dmlp__tune_calibration_bytes(uint64_t budget, uint64_t llc);

/* For tests: forget every choice and read DMLP_TUNE, DMLP_TUNE_CACHE and XDG_CACHE_HOME
   again on next use. No operator may be running or be created meanwhile. */
void dmlp__tune_reset(void);

#endif
