/* Keeps the measured rows; prints them as a table or as JSON. */
#include <stdlib.h>
#include <string.h>

#include "bench_report.h"
#include "kernels/kernels.h"

struct bench_report {
    bench_row *rows;
    size_t count, capacity;
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

static const char *kernel_name(const bench_kind *k)
{
    dmlp__kernel_choice c = dmlp__kernel_select(k->op, k->type, DMLP__ISA_AVX512);
    return c.name ? c.name : "-";
}

void bench_report_table(const bench_report *r, FILE *to)
{
    fprintf(to, "dmlp bench: %s kernels, all = %u threads, large case %zu MiB, median of %u\n",
            r->isa, r->all_threads, r->large_mib, r->reps);
    fprintf(to, "GB/s of bytes read + written; memcpy and nt: copies of the same bytes, timed in "
                "turn with the operator;\nratio: to the faster copy (rows-*: to rows-packed; "
                "latency: 100 ns / time)\n");
    fprintf(to, "\n%-9s %-5s %-15s %3s %10s %8s %8s %8s %6s %-8s %s\n", "op", "type", "case",
            "thr", "elements", "GB/s", "memcpy", "nt", "ratio", "target", "kernel");
    for (size_t i = 0; i < r->count; i++) {
        const bench_row *w = &r->rows[i];
        char gbps[32], m[32], n[32];
        if (strcmp(w->case_name, "latency") == 0)
            snprintf(gbps, sizeof gbps, "%.0f ns", w->seconds * 1e9);
        else
            snprintf(gbps, sizeof gbps, "%.2f", w->gbps);
        snprintf(m, sizeof m, w->memcpy_gbps > 0 ? "%.1f" : "-", w->memcpy_gbps);
        snprintf(n, sizeof n, w->nt_gbps > 0 ? "%.1f" : "-", w->nt_gbps);
        fprintf(to, "%-9s %-5s %-15s %3u %10llu %8s %8s %8s %6.2f %4.2f %-3s %s\n",
                w->kind->op_name, w->kind->type_name, w->case_name, w->threads,
                (unsigned long long)w->elements, gbps, m, n, w->ratio, w->target,
                w->ratio >= w->target ? "ok" : "LOW", kernel_name(w->kind));
    }
    size_t met = 0;
    for (size_t i = 0; i < r->count; i++)
        met += r->rows[i].ratio >= r->rows[i].target;
    fprintf(to, "\ntargets met: %zu of %zu\n", met, r->count);
}

void bench_report_json(const bench_report *r, FILE *to)
{
    fprintf(to, "{\n  \"isa\": \"%s\", \"all_threads\": %u, \"large_mib\": %zu, \"reps\": %u,\n",
            r->isa, r->all_threads, r->large_mib, r->reps);
    fprintf(to, "  \"results\": [");
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
