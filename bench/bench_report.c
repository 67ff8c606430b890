/* Keeps the measured rows and copy limits; prints them as a table or as JSON. */
#include <stdlib.h>
#include <string.h>

#include "bench_report.h"
#include "kernels/kernels.h"

typedef struct copy_row {
    size_t bytes;
    unsigned threads;
    double memcpy_gbps, nt_gbps;
} copy_row;

struct bench_report {
    bench_row *rows;
    size_t count, capacity;
    copy_row copies[256];
    size_t copy_count;
    const char *isa;
    unsigned all_threads, reps;
    size_t large_mib;
};

bench_report *bench_report_create(void) { return calloc(1, sizeof(bench_report)); }

void bench_report_destroy(bench_report *r)
{
    if (r) {
        free(r->rows);
        free(r);
    }
}

void bench_report_set_machine(bench_report *r, const char *isa, unsigned all_threads,
                              size_t large_mib, unsigned reps)
{
    r->isa = isa;
    r->all_threads = all_threads;
    r->large_mib = large_mib;
    r->reps = reps;
}

void bench_report_add(bench_report *r, const bench_row *row)
{
    if (r->count == r->capacity) {
        size_t cap = r->capacity ? 2 * r->capacity : 64;
        bench_row *rows = realloc(r->rows, cap * sizeof *rows);
        if (!rows)
            return;
        r->rows = rows;
        r->capacity = cap;
    }
    r->rows[r->count++] = *row;
}

void bench_report_add_copy(bench_report *r, size_t bytes, unsigned threads, double memcpy_gbps,
                           double nt_gbps)
{
    if (r->copy_count < sizeof r->copies / sizeof r->copies[0])
        r->copies[r->copy_count++] = (copy_row){bytes, threads, memcpy_gbps, nt_gbps};
}

int bench_report_find_copy(const bench_report *r, size_t bytes, unsigned threads,
                           double *memcpy_gbps, double *nt_gbps)
{
    for (size_t i = 0; i < r->copy_count; i++)
        if (r->copies[i].bytes == bytes && r->copies[i].threads == threads) {
            *memcpy_gbps = r->copies[i].memcpy_gbps;
            *nt_gbps = r->copies[i].nt_gbps;
            return 1;
        }
    return 0;
}

static const char *kernel_name(const bench_kind *k)
{
    dmlp__kernel_choice c = dmlp__kernel_select(k->op, k->type, DMLP__ISA_AVX512);
    return c.name ? c.name : "-";
}

void bench_report_table(const bench_report *r, FILE *to)
{
    fprintf(to, "dmlp bench: %s kernels, %u threads = all, large case %zu MiB, median of %u\n",
            r->isa, r->all_threads, r->large_mib, r->reps);
    fprintf(to, "\ncopy limits (GB/s of bytes read + written):\n%14s %8s %10s %14s\n",
            "bytes copied", "threads", "memcpy", "non-temporal");
    for (size_t i = 0; i < r->copy_count; i++)
        fprintf(to, "%14zu %8u %10.1f %14.1f\n", r->copies[i].bytes, r->copies[i].threads,
                r->copies[i].memcpy_gbps, r->copies[i].nt_gbps);
    fprintf(to, "\n%-9s %-6s %-15s %3s %11s %9s %9s %7s %-8s  %s\n", "op", "type", "case",
            "thr", "elements", "GB/s", "vs", "ratio", "target", "kernel");
    for (size_t i = 0; i < r->count; i++) {
        const bench_row *w = &r->rows[i];
        char vs[32];
        if (strcmp(w->case_name, "latency") == 0)
            snprintf(vs, sizeof vs, "%.0f ns", w->seconds * 1e9);
        else if (strncmp(w->case_name, "rows-", 5) == 0 && strcmp(w->case_name, "rows-packed"))
            snprintf(vs, sizeof vs, "packed");
        else
            snprintf(vs, sizeof vs, "%.1f", w->memcpy_gbps > w->nt_gbps ? w->memcpy_gbps : w->nt_gbps);
        fprintf(to, "%-9s %-6s %-15s %3u %11llu %9.2f %9s %7.2f %4.2f %-3s  %s\n",
                w->kind->op_name, w->kind->type_name, w->case_name, w->threads,
                (unsigned long long)w->elements, w->gbps, vs, w->ratio, w->target,
                w->ratio >= w->target ? "ok" : "LOW", kernel_name(w->kind));
    }
}

void bench_report_json(const bench_report *r, FILE *to)
{
    fprintf(to, "{\n  \"isa\": \"%s\", \"all_threads\": %u, \"large_mib\": %zu, \"reps\": %u,\n",
            r->isa, r->all_threads, r->large_mib, r->reps);
    fprintf(to, "  \"copies\": [");
    for (size_t i = 0; i < r->copy_count; i++)
        fprintf(to, "%s\n    {\"bytes\": %zu, \"threads\": %u, \"memcpy_gbps\": %.3f, "
                    "\"nt_gbps\": %.3f}", i ? "," : "", r->copies[i].bytes, r->copies[i].threads,
                r->copies[i].memcpy_gbps, r->copies[i].nt_gbps);
    fprintf(to, "\n  ],\n  \"results\": [");
    for (size_t i = 0; i < r->count; i++) {
        const bench_row *w = &r->rows[i];
        fprintf(to, "%s\n    {\"op\": \"%s\", \"type\": \"%s\", \"case\": \"%s\", \"threads\": %u, "
                    "\"elements\": %llu, \"bytes\": %llu, \"seconds\": %.9g, \"gbps\": %.3f, "
                    "\"memcpy_gbps\": %.3f, \"nt_gbps\": %.3f, \"ratio\": %.3f, \"target\": %.2f, "
                    "\"kernel\": \"%s\"}",
                i ? "," : "", w->kind->op_name, w->kind->type_name, w->case_name, w->threads,
                (unsigned long long)w->elements, (unsigned long long)w->bytes, w->seconds, w->gbps,
                w->memcpy_gbps, w->nt_gbps, w->ratio, w->target, kernel_name(w->kind));
    }
    fprintf(to, "\n  ]\n}\n");
}
