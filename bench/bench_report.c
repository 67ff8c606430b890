/* Keeps the measured rows; prints them as a table or as JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_report.h"
#include "core/bench_hooks.h"

struct bench_report {
    bench_row *rows;
    size_t count, capacity;
    const char *isa;
    unsigned all_threads, reps;
    size_t large_mib;
    char tune[4096];
    const bench_graph_rows *graphs;
    char cpu[128];
};

/* A kernel at this share of the traffic loop's speed or more is counted as keeping up. */
#define TRAFFIC_KEPT_UP 0.9

/* One pass against one Softsign: at most 1.2 x its time (each row also names how much
   faster than the nodes one by one it must be). */
#define GRAPH_SINGLE_TARGET 1.2

void bench_report_set_graphs(bench_report *r, const bench_graph_rows *rows, const char *cpu)
{
    r->graphs = rows;
    snprintf(r->cpu, sizeof r->cpu, "%s", cpu ? cpu : "");
}

static void graphs_table(const bench_report *r, FILE *to)
{
    if (!r->graphs || !r->graphs->count)
        return;
    fprintf(to, "\nGraphs (dmlp_graph_compile), FLOAT32, CPU: %s\n", r->cpu);
    fprintf(to, "one pass: the graph; softsign: one ACTIVATION_SOFTSIGN on the same tensor; "
                "nodes: its operators executed one by one;\nx softsign: one pass / softsign "
                "(target <= %.2f); speedup: nodes / one pass (the Softsign model's target: >= 2.5)\n",
                GRAPH_SINGLE_TARGET);
    fprintf(to, "\n%-40s %3s %10s %9s %9s %9s %10s %-3s %8s %-3s %s\n", "graph", "thr", "elements",
            "one pass", "softsign", "nodes", "x softsign", "", "speedup", "", "how");
    for (unsigned i = 0; i < r->graphs->count; i++) {
        const bench_graph_row *g = &r->graphs->rows[i];
        double x = g->fused / g->single, speedup = g->nodes / g->fused;
        fprintf(to, "%-40s %3u %10llu %6.1f ms %6.1f ms %6.1f ms %10.2f %-3s %8.2f %-3s %s\n",
                g->name, g->threads, (unsigned long long)g->elements, g->fused * 1e3,
                g->single * 1e3, g->nodes * 1e3, x, x <= GRAPH_SINGLE_TARGET ? "ok" : "LOW",
                speedup, g->speedup_target <= 0 ? "-" : speedup >= g->speedup_target ? "ok" : "LOW",
                g->how);
    }
}

static void graphs_json(const bench_report *r, FILE *to)
{
    fprintf(to, "  \"cpu\": \"%s\",\n  \"graphs\": [", r->cpu);
    for (unsigned i = 0; r->graphs && i < r->graphs->count; i++) {
        const bench_graph_row *g = &r->graphs->rows[i];
        fprintf(to, "%s\n    {\"graph\": \"%s\", \"threads\": %u, \"elements\": %llu, "
                    "\"one_pass_seconds\": %.9g, \"softsign_seconds\": %.9g, "
                    "\"nodes_seconds\": %.9g, \"x_softsign\": %.3f, \"speedup\": %.3f, "
                    "\"how\": \"%s\"}",
                i ? "," : "", g->name, g->threads, (unsigned long long)g->elements, g->fused,
                g->single, g->nodes, g->fused / g->single, g->nodes / g->fused, g->how);
    }
    fprintf(to, "\n  ],\n");
}

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

void bench_report_set_tune(bench_report *r, const char *text)
{
    snprintf(r->tune, sizeof r->tune, "%s", text);
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
    return dmlp__bench_kernel_name(k->op, k->type);
}

void bench_report_table(const bench_report *r, FILE *to)
{
    fprintf(to, "dmlp bench: %s kernels, all = %u threads, large case %zu MiB, median of %u\n",
            r->isa, r->all_threads, r->large_mib, r->reps);
    fprintf(to, "Chosen on this machine (DMLP_TUNE forces a choice):\n%s\n", r->tune);
    fprintf(to, "GB/s of bytes read + written. Copies of the same bytes, timed in turn with the "
                "operator: memcpy (glibc),\nnt (non-temporal stores, no prefetch), nt+t0 (the same "
                "with prefetcht0), movsb (rep movsb);\nlimit: the fastest of them, and which; "
                "ratio: to the limit (rows-*: to rows-packed; latency: 100 ns / time);\n"
                "traffic: the operator's bytes moved by plain vector loads and stores, no "
                "arithmetic (bench_traffic.c);\nof it: GB/s / traffic, what the kernel makes "
                "of what this CPU moves;\ninputs: x one input; a,b two (bytes of A, B and the "
                "output; rows-broadcast: B one row\nbroadcast along rows); a,b=scalar: B one "
                "element broadcast to A's shape (bytes of A and the output)\n");
    for (size_t i = 0; i < r->count; i++)
        if (r->rows[i].kind->along_axes) {
            fputs(bench_rows_note, to);
            break;
        }
    fprintf(to,
            "\n%-9s %-5s %-15s %-10s %3s %10s %8s %7s %7s %7s %7s %7s %-6s %6s %-8s %7s %5s %s\n",
            "op", "type", "case", "inputs", "thr", "elements", "GB/s", bench_copy_names[0],
            bench_copy_names[1], bench_copy_names[2], bench_copy_names[3], "limit", "by", "ratio",
            "target", "traffic", "of it", "kernel");
    for (size_t i = 0; i < r->count; i++) {
        const bench_row *w = &r->rows[i];
        char gbps[32], c[BENCH_COPY_COUNT][32], lim[32];
        if (strcmp(w->case_name, "latency") == 0)
            snprintf(gbps, sizeof gbps, "%.0f ns", w->seconds * 1e9);
        else
            snprintf(gbps, sizeof gbps, "%.2f", w->gbps);
        for (unsigned k = 0; k < BENCH_COPY_COUNT; k++)
            snprintf(c[k], sizeof c[k], w->copy_gbps[k] > 0 ? "%.1f" : "-", w->copy_gbps[k]);
        snprintf(lim, sizeof lim, w->limit_gbps > 0 ? "%.1f" : "-", w->limit_gbps);
        char target[32], traffic[32], of_it[32];
        /* target 0: the case asks for none (some cases of the operators along axes) */
        if (w->target > 0)
            snprintf(target, sizeof target, "%4.2f %-3s", w->target,
                     w->ratio >= w->target ? "ok" : "LOW");
        else
            snprintf(target, sizeof target, "%4s %-3s", "-", "");
        snprintf(traffic, sizeof traffic, w->traffic_gbps > 0 ? "%.1f" : "-", w->traffic_gbps);
        snprintf(of_it, sizeof of_it, w->traffic_gbps > 0 ? "%.2f" : "-",
                 w->gbps / w->traffic_gbps);
        fprintf(to,
                "%-9s %-5s %-15s %-10s %3u %10llu %8s %7s %7s %7s %7s %7s %-6s %6.2f %s "
                "%7s %5s %s\n",
                w->kind->op_name, w->kind->type_name, w->case_name, w->inputs, w->threads,
                (unsigned long long)w->elements, gbps, c[0], c[1], c[2], c[3], lim,
                w->limit_gbps > 0 ? bench_copy_names[w->limit_by] : "-", w->ratio, target,
                traffic, of_it, kernel_name(w->kind));
    }
    /* A missed target where the kernel keeps up with the traffic loop is the CPU's
       handling of that traffic, not the kernel's arithmetic. */
    size_t met = 0, targets = 0, missed = 0, at_traffic = 0;
    for (size_t i = 0; i < r->count; i++) {
        const bench_row *w = &r->rows[i];
        if (w->target <= 0)
            continue;
        targets++;
        met += w->ratio >= w->target;
        if (w->ratio < w->target && w->traffic_gbps > 0) {
            missed++;
            at_traffic += w->gbps >= TRAFFIC_KEPT_UP * w->traffic_gbps;
        }
    }
    fprintf(to, "\ntargets met: %zu of %zu\n", met, targets);
    if (missed)
        fprintf(to, "of the %zu missed against a copy, %zu run at >= %.2f x the traffic loop\n",
                missed, at_traffic, TRAFFIC_KEPT_UP);
    graphs_table(r, to);
}

void bench_report_json(const bench_report *r, FILE *to)
{
    fprintf(to, "{\n  \"isa\": \"%s\", \"all_threads\": %u, \"large_mib\": %zu, \"reps\": %u,\n",
            r->isa, r->all_threads, r->large_mib, r->reps);
    fprintf(to, "  \"tune\": \"");
    for (const char *p = r->tune; *p; p++) {
        if (*p == '\n')
            fputs("\\n", to);
        else if (*p == '"' || *p == '\\')
            fprintf(to, "\\%c", *p);
        else if ((unsigned char)*p >= 0x20)
            fputc(*p, to);
    }
    fprintf(to, "\",\n");
    graphs_json(r, to);
    fprintf(to, "  \"results\": [");
    for (size_t i = 0; i < r->count; i++) {
        const bench_row *w = &r->rows[i];
        fprintf(to, "%s\n    {\"op\": \"%s\", \"type\": \"%s\", \"inputs\": \"%s\", "
                    "\"case\": \"%s\", \"threads\": %u, "
                    "\"elements\": %llu, \"bytes\": %llu, \"seconds\": %.9g, \"reps\": %u, "
                    "\"gbps\": %.3f, "
                    "\"copies_gbps\": {\"%s\": %.3f, \"%s\": %.3f, \"%s\": %.3f, \"%s\": %.3f}, "
                    "\"limit_gbps\": %.3f, \"limit_by\": \"%s\", \"traffic_gbps\": %.3f, "
                    "\"ratio\": %.3f, \"target\": %.2f, \"kernel\": \"%s\"}",
                i ? "," : "", w->kind->op_name, w->kind->type_name, w->inputs, w->case_name,
                w->threads, (unsigned long long)w->elements, (unsigned long long)w->bytes,
                w->seconds, w->reps, w->gbps,
                bench_copy_names[0], w->copy_gbps[0], bench_copy_names[1], w->copy_gbps[1],
                bench_copy_names[2], w->copy_gbps[2], bench_copy_names[3], w->copy_gbps[3],
                w->limit_gbps, w->limit_gbps > 0 ? bench_copy_names[w->limit_by] : "-",
                w->traffic_gbps, w->ratio,
                w->target, kernel_name(w->kind));
    }
    fprintf(to, "\n  ]\n}\n");
}
