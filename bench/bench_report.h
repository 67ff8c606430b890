/* Internal to bench/: the rows `dmlp bench` measured, printed as a table or JSON. */
#ifndef DMLP_BENCH_REPORT_H
#define DMLP_BENCH_REPORT_H

#include <stdio.h>

#include "bench.h"

typedef struct bench_row {
    const bench_kind *kind;
    const char *case_name; /* large, cache-64KiB, rows-broadcast, latency ... */
    const char *inputs;    /* x: one input; a,b: two, A and B packed (rows-broadcast: B
                              broadcast along rows; rows-padded: both padded); a,b=scalar:
                              B one element broadcast to A's shape (strides 0) */
    unsigned threads;
    uint64_t elements, bytes; /* bytes read + written: every tensor's (a broadcast B's
                                 distinct elements; a one-input row the logical tensor) */
    double seconds;           /* one execute, median */
    unsigned reps;            /* repetitions measured: --reps, fewer for a slow kernel */
    double gbps;
    double copy_gbps[BENCH_COPY_COUNT]; /* each copy of the same bytes (0 when n/a) */
    double limit_gbps;                   /* the fastest of them (0 when n/a) */
    bench_copy limit_by;                 /* which one */
    double traffic_gbps; /* the traffic loop on the operator's bytes (0 when n/a) */
    double ratio;  /* to limit_gbps; to the packed case for strided rows;
                      100 ns / time for latency */
    double target; /* the ratio docs/performance.md's targets ask for */
} bench_row;

typedef struct bench_report bench_report;
bench_report *bench_report_create(void);
void bench_report_destroy(bench_report *report);
void bench_report_set_machine(bench_report *report, const char *isa, unsigned all_threads,
                              size_t large_mib, unsigned reps);
/* What the library chose and why (core/tune.h), printed with the table. */
void bench_report_set_tune(bench_report *report, const char *text);
void bench_report_add(bench_report *report, const bench_row *row);
/* The graphs section, printed after the table with the CPU model (NULL: none). */
void bench_report_set_graphs(bench_report *report, const bench_graph_rows *rows,
                             const char *cpu_model);
void bench_report_table(const bench_report *report, FILE *to);
void bench_report_json(const bench_report *report, FILE *to);

#endif
