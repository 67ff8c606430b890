/* Internal to bench/: `dmlp bench` measures each operator x type through the public API
   and, in the same process, the copies that bound it (bench_copy) on the same bytes and
   threads. */
#ifndef DMLP_BENCH_H
#define DMLP_BENCH_H

#include <stddef.h>
#include <stdint.h>

#include "dmlp.h"

/* A team of threads that run one function together; the caller is member 0. */
typedef struct bench_team bench_team;
bench_team *bench_team_create(unsigned threads);
void bench_team_destroy(bench_team *team);
unsigned bench_team_size(const bench_team *team);
/* Runs fn(ctx, index, count) on every member; returns the wall time in seconds. */
double bench_team_run(bench_team *team, void (*fn)(void *ctx, unsigned index, unsigned count),
                      void *ctx);

double bench_now(void);
double bench_median(double *values, size_t count);

/* The independent copies whose fastest is the limit. None shares code or a setting with
   the kernels. */
typedef enum bench_copy {
    BENCH_COPY_MEMCPY, /* glibc memcpy */
    BENCH_COPY_NT,     /* non-temporal stores, no software prefetch */
    BENCH_COPY_NT_T0,  /* the same with prefetcht0 ahead of the loads */
    BENCH_COPY_MOVSB,  /* rep movsb */
    BENCH_COPY_COUNT
} bench_copy;
extern const char *const bench_copy_names[BENCH_COPY_COUNT];
int bench_copy_available(bench_copy kind); /* only memcpy off x86-64 */

/* Seconds per copy of `bytes` bytes from src to dst (64-byte aligned) split over the
   team, timing `calls` copies in a row. */
double bench_copy_time(bench_team *team, void *dst, const void *src, size_t bytes,
                       bench_copy kind, unsigned calls);

#if defined(__x86_64__) || defined(_M_X64)
/* The widest vector the CPU has, in bytes (16, 32 or 64): the copies' and the traffic
   loop's width. */
unsigned bench_vector_bytes(void);
#endif

/* Seconds per pass of the traffic loop (bench_traffic.c): `elements` elements of
   `in_size` bytes read from src and of `out_size` bytes written to dst (64-byte aligned),
   with plain vector loads and stores, non-temporal ones when `streaming`, split over the
   team, timing `calls` passes in a row. */
double bench_traffic_time(bench_team *team, void *dst, const void *src, size_t elements,
                          size_t in_size, size_t out_size, int streaming, unsigned calls);
/* The same for a two-input operator: `elements` elements of `in_size` bytes read from
   each of src and src_b (64-byte aligned) at the same offsets. */
double bench_traffic2_time(bench_team *team, void *dst, const void *src, const void *src_b,
                           size_t elements, size_t in_size, size_t out_size, int streaming,
                           unsigned calls);

/* One operator x type as the bench runs it. */
typedef struct bench_kind {
    const char *op_name;   /* the registry's cli_name: sign, softsign, ... */
    const char *type_name; /* i8 ... f64, bf16, e5m2 ... */
    DML_OPERATOR_TYPE op;
    DML_TENSOR_DATA_TYPE type;
    size_t in_size, out_size; /* element bytes (of each input) */
    unsigned inputs;          /* 2: a two-input operator (A, B); 0 or 1: one input */
    unsigned along_axes;      /* 1: an operator along axes, its row the last axis: it runs
                                 the row cases of bench_rows.c instead of the others */
} bench_kind;

/* A 4-D tensor {1, 1, rows, cols}: packed, broadcast along rows (row stride 0) or with
   rows padded by `pad` elements. A two-input operator's A and B are both packed or both
   padded; broadcast is B's (one row for every row, A packed); BENCH_SCALAR, for two-input
   operators only: A packed and B one element broadcast to A's shape (every stride 0). */
typedef enum bench_layout {
    BENCH_PACKED,
    BENCH_BROADCAST,
    BENCH_PADDED,
    BENCH_SCALAR
} bench_layout;

typedef struct bench_op bench_op;
/* NULL on failure, after printing why. */
bench_op *bench_op_create(dmlp_device *device, const bench_kind *kind, uint32_t rows,
                          uint32_t cols, bench_layout layout, uint32_t pad);
void bench_op_destroy(bench_op *op);
/* Input bytes the bindings must span (the larger of A's and B's). */
uint64_t bench_op_input_bytes(const bench_op *op);
/* Seconds per execute, timing `calls` executes in a row; -1 when an execute fails. `in_b`
   is B's buffer (ignored by a one-input operator). */
double bench_op_time(bench_op *op, void *in, void *in_b, void *out, unsigned calls);

/* The cases of an operator along axes (bench_rows.c): `rows` rows of `cols` elements
   (the tensor {1, 1, rows, cols}, the row its last axis), timed `calls` executes in a
   row. Large cases fill the large size, on every thread count; cache cases the bench's
   middle cache size. A row that does not fit in the size has no case. */
#define BENCH_ROWS_CASES 8
typedef struct bench_rows_case {
    const char *name; /* "large-row64", "cache-row32Ki" ... */
    uint32_t rows, cols;
    unsigned calls;
} bench_rows_case;
/* The large cases (large != 0) and the cache ones (cache != 0) of kind k, into cases;
   returns how many. */
unsigned bench_rows_cases(const bench_kind *k, uint64_t large_bytes, int large, int cache,
                          bench_rows_case *cases);
/* The ratio to the limit case `name` of k asks for, rows of `cols` elements; 0: none. */
double bench_rows_target(const bench_kind *k, const char *name, uint32_t cols);
/* --quick leaves out a large case whose execute would take longer than this. */
#define BENCH_ROWS_QUICK_SECONDS 1.0
/* The line the report prints about them. */
extern const char bench_rows_note[];

/* The graphs section (bench_graphs.c): per chain and thread count, the medians of one
   graph execute (one pass), of one Softsign over the same tensor and of the chain's
   operators executed one by one. */
#define BENCH_GRAPH_ROWS 16
typedef struct bench_graph_row {
    const char *name;
    unsigned threads;
    uint64_t elements;
    double fused, single, nodes; /* seconds */
    double speedup_target;       /* nodes / fused asked for; 0: none */
    char how[128];               /* how the graph ran (core/graph.h) */
} bench_graph_row;
typedef struct bench_graph_rows {
    bench_graph_row rows[BENCH_GRAPH_ROWS];
    unsigned count;
} bench_graph_rows;

/* FLOAT32 chains of large_mib MiB from x into y, on each device; 0 on a failure (after
   printing why). */
int bench_graphs(dmlp_device *const *devices, const unsigned *threads, unsigned thread_count,
                 void *x, void *y, size_t large_mib, unsigned reps, bench_graph_rows *rows);

#endif
